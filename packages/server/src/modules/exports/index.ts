// The exports module's public face: app.ts imports only from here.
export { registerExportRoutes } from './routes.js';
export { EXPORT_JOB } from './service.js';
