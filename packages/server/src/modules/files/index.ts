// The files module's public face: other modules and app.ts import only from here.
export { registerFileRoutes } from './routes.js';
export {
  filesRepository,
  presentFile,
  thumbnailUrl,
  type FileDeletion,
  type FileRow,
} from './repository.js';
export { declareFileJobs } from './jobs.js';
export { reconcileFiles } from './reconcile.js';
export {
  purgeExpiredDeletedMedias,
  restoreDeletedMedia,
  retentionSettings,
  RETENTION_KEYS,
} from './deleted.js';
export {
  deleteFilesOfItem,
  deleteFilesOfRecord,
  pruneTemporaryUploads,
  removeBytes,
  type MediaCreator,
  type ItemLookup,
  type OwnerLookups,
  type RecordLookup,
} from './service.js';
export {
  backfillPhotoMetadata,
  HEAD_BYTES,
  photoColumns,
  photoMetadataOf,
  readPhotoMetadata,
  type PhotoMetadata,
} from './photo-metadata.js';
export { ensurePreview } from './previews.js';
export { storeThumbnail, thumbKeyOf, thumbnailOf } from './thumbnails.js';
export {
  itemFilesAttached,
  newPictures,
  onItemFilesAttached,
  onNewPictures,
  readFileBytes,
  type PictureListener,
} from './picture-hooks.js';
