// The categories module's public face: other modules and app.ts import only from here.
export { registerCategoryRoutes } from './routes.js';
export { categoriesRepository } from './repository.js';
