// The site translations module's public face: app.ts imports only from here.
export { registerSiteTranslationRoutes } from './routes.js';
