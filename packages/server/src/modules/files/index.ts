// The files module's public face: other modules and app.ts import only from here.
export { registerFileRoutes } from './routes.js';
export { filesRepository, presentFile, thumbnailUrl, type FileRow } from './repository.js';
export { declareFileJobs } from './jobs.js';
export { reconcileFiles } from './reconcile.js';
export {
  deleteFilesOfItem,
  deleteFilesOfRecord,
  pruneTemporaryUploads,
  removeBytes,
  type ItemLookup,
  type OwnerLookups,
  type RecordLookup,
} from './service.js';
export { readPhotoMetadata, type PhotoMetadata } from './photo-metadata.js';
