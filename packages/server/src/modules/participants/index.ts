// The participants module's public face: other modules and app.ts import only from here.
export { registerParticipantRoutes } from './routes.js';
export { nameKeys, searchKeyOf } from './repository.js';
export { createPersonWithLife } from './service.js';
