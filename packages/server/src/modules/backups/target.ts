import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { Storage } from '../../storage/storage.js';

/** What a backup is made from and a restore writes into (the app's context, or the CLI's). */
export interface BackupTarget {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * The archive's stored bytes: files and pictures are read by the keys their rows name, the
   * records' MP3s through the records module (which alone knows their keys).
   */
  storage: Storage;
}
