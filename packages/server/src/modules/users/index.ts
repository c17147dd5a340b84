// The users module's public face: other modules, auth and app.ts import only from here.
export { registerInvitationRoutes } from './invitation-routes.js';
export { registerUserRoutes } from './routes.js';
export { usersRepository, type UserRow } from './repository.js';
export { permissionsOf, presentUser, siteparamsOf } from './present.js';
export { checkVerificationLink, queueVerificationMail } from './verification.js';
export { emailTakenError, guardEmailRace } from './email-taken.js';
