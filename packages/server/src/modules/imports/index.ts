// Imports of a family's memories (photos and videos first): the module's public face.
export { declareImportJobs, runImport, setArchiveLimits } from './job.js';
export { registerImportRoutes } from './routes.js';
export { startImport } from './service.js';
export { ImportError } from './errors.js';
export { importCommand, ImportCommandError } from './cli.js';
export { isTimeZone } from './options.js';
export { settleRestoredImports } from './restored.js';
