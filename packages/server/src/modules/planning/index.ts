// The planning module's public face: app.ts imports only from here.
export { registerPlanningRoutes } from './routes.js';
