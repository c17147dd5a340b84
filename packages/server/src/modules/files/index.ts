// The files module's public face: other modules and app.ts import only from here.
export { registerFileRoutes } from './routes.js';
export { filesRepository, presentFile } from './repository.js';
export { reconcileFiles } from './reconcile.js';
export {
  deleteFilesOfItem,
  pruneTemporaryUploads,
  removeBytes,
  type ItemLookup,
} from './service.js';
