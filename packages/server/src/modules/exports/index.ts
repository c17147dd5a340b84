// The exports module's public face: app.ts imports only from here.
export { registerExportRoutes } from './routes.js';
export { declareExportJobs } from './jobs.js';
export { EXPORT_JOB } from './service.js';
