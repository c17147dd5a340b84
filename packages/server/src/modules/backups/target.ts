import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { FileStorage } from '../../storage/storage.js';

/** What a backup is made from and a restore writes into (the app's context, or the CLI's). */
export interface BackupTarget {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The archive's files (DATA_DIR/files). */
  storage: FileStorage;
  /** The users' pictures (DATA_DIR/pictures). */
  pictures: FileStorage;
  /** Where the generated MP3s are (DATA_DIR/records-mp3). */
  dataDir: string;
}
