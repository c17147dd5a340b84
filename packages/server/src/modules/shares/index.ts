// The shares module's public face: app.ts imports only from here.
export { registerShareRoutes } from './routes.js';
