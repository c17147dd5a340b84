// The items module's public face: other modules and app.ts import only from here.
export { registerItemRoutes } from './routes.js';
export { findItemForUpdate } from './repository.js';
export { cut, plainText, sanitizeContent } from './text.js';
