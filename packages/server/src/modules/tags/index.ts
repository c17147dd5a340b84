// The tags module's public face: app.ts imports only from here.
export { registerTagRoutes } from './routes.js';
