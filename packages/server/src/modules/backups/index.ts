// Portable backups and restore (README "Backups, restore and moving between SQLite and
// PostgreSQL"): the module's public face.
export { BackupError, type BackupProblem } from './errors.js';
export {
  BACKUP_FORMAT_VERSION,
  EXCLUDED_TABLES,
  schemaTables,
  type BackupManifest,
} from './format.js';
export {
  archiveIsEmpty,
  restoreBackup,
  storedBackup,
  verifyBackup,
  type BackupSource,
} from './restore.js';
export type { BackupTarget } from './target.js';
export { writeBackup, type BackupOutput } from './write.js';
export { listBackupDownloads, type BackupDownload } from './downloads.js';
export { declareBackupJobs } from './jobs.js';
export { registerBackupRoutes } from './routes.js';
export { backupFileName, recordCliBackup, storeBackup } from './service.js';
