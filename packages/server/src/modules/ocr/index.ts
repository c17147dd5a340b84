// The OCR module's public face: other modules and app.ts import only from here.
export { registerOcrRoutes } from './routes.js';
export { declareOcrJobs } from './jobs.js';
export { endOcrEngine } from './engine.js';
export { readPdf, readPicture, PAGE_PIXELS } from './read.js';
export { modelsFor } from './languages.js';
