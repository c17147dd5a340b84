import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Dialect } from './db/connect.js';
import type { Database } from './db/schema.js';
import type { JobQueue } from './jobs/index.js';
import type { StampReader } from './db/stamps.js';
import type { Mailer } from './mail/mailer.js';
import type { Storage } from './storage/storage.js';

/** What every module needs from the running app, built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  /** Secret for CSRF tokens and signed links: APP_KEY, else generated once and kept in settings. */
  appKey: string;
  mailer: Mailer;
  /** Every kind of stored bytes, each under its own prefix (storage/index.ts). */
  storage: Storage;
  /** The change stamps, read once per request (db/stamps.ts). */
  readStamps: StampReader;
  /** Background jobs: modules declare theirs (jobs/types.ts), any route may enqueue. */
  jobs: JobQueue;
  now(): Date;
}
