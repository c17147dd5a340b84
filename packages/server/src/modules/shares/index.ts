// The shares module's public face: other modules and app.ts import only from here.
export { registerShareRoutes } from './routes.js';
export { moveParticipantShares } from './service.js';
