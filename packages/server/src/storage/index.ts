// The bytes seam: one FileStorage per kind of bytes, on the local disk or in an S3 bucket.
import path from 'node:path';
import type { Config } from '../config.js';
import { localStorage } from './local.js';
import { s3Client, s3Storage, type S3Settings } from './s3.js';
import { STORAGE_KINDS, type Storage, type StorageKind } from './storage.js';

export * from './storage.js';
export { localStorage } from './local.js';
export { s3Client, s3Storage, type S3Settings } from './s3.js';
export { sendStored, type StoredDownload } from './send.js';
export {
  serverFileEntry,
  serverPathKind,
  walkServerFolder,
  type ServerPathEntry,
} from './server-path.js';
export { removeAbandonedTempDirs, TEMP_HEARTBEAT_MS, withTempDir, type TempDir } from './temp.js';

/**
 * The local folder of each kind. Files, pictures and MP3s keep the folders they always had under
 * DATA_DIR, so an existing archive needs no move; exports and backups follow EXPORT_DIR and
 * BACKUP_DIR.
 */
export function localFolders(config: Config): Record<StorageKind, string> {
  const data = (name: string) => path.join(config.dataDir, name);
  return {
    files: data('files'),
    pictures: data('pictures'),
    mp3: data('records-mp3'),
    exports: config.exportDir,
    backups: config.backups.dir,
    restores: data('restores'),
    imports: data('imports'),
    mail: data('mail'),
    faces: data('faces'),
  };
}

/** Every kind of bytes on the local disk (the default). */
export function localStorages(config: Config): Storage {
  const folders = localFolders(config);
  return Object.fromEntries(
    STORAGE_KINDS.map((kind) => [kind, localStorage(folders[kind])]),
  ) as unknown as Storage;
}

/** Every kind under its own prefix of one bucket (`S3_PREFIX` + kind + `/`). */
export function s3Storages(settings: S3Settings): Storage {
  const client = s3Client(settings);
  return Object.fromEntries(
    STORAGE_KINDS.map((kind) => [kind, s3Storage(client, settings, kind)]),
  ) as unknown as Storage;
}

/** The storage the configuration names (STORAGE=local|s3). */
export function createStorage(config: Config): Storage {
  return config.storage.kind === 's3' && config.storage.s3
    ? s3Storages(config.storage.s3)
    : localStorages(config);
}
