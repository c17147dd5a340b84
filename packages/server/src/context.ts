import type { Kysely } from 'kysely';
import { randomToken } from './auth/tokens.js';
import type { Config } from './config.js';
import { connectDatabase, type DatabaseHandle, type Dialect } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import type { Database } from './db/schema.js';
import type { StampReader } from './db/stamps.js';
import { declareJobs } from './declare-jobs.js';
import { createJobQueue, type JobQueue } from './jobs/index.js';
import { createLogger, type Logger } from './log.js';
import { createMailer, type Mailer, type MailerDeps } from './mail/mailer.js';
import {
  SETTING_KEYS,
  settingsRepository,
  type SettingsRepository,
} from './modules/settings/index.js';
import { createStorage, type Storage } from './storage/index.js';

/**
 * What every module needs from the running app, built once per process by createContext: the
 * web server (app.ts) and `kinfolio worker` (main.ts) alike, so a job runs the same in either.
 */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  /** Secret for CSRF tokens and signed links: APP_KEY, else generated once and kept in settings. */
  appKey: string;
  /** Mail goes through the job queue (mail/mailer.ts). */
  mailer: Mailer;
  /** Every kind of stored bytes, each under its own prefix (storage/index.ts). */
  storage: Storage;
  /** The site's settings table (app key, registration, setup). */
  settings: SettingsRepository;
  /** The change stamps, read once per request (db/stamps.ts). */
  readStamps: StampReader;
  /** Background jobs: modules declare theirs (declare-jobs.ts), any route may enqueue. */
  jobs: JobQueue;
  log: Logger;
  now(): Date;
  /**
   * Stops taking jobs and waits for the running ones, closes the mailer, then the database.
   * Once: later calls get the same promise. A caller that cannot wait for ever bounds it itself
   * (main.ts): a job still running when the process exits is left to its lease.
   */
  close(): Promise<void>;
}

export interface ContextOptions {
  /** An already open database (tests); otherwise one is opened from the config. Either way the
   * context closes it. */
  database?: DatabaseHandle;
  /** Fastify's logger in the web server; otherwise a pino logger at LOG_LEVEL. */
  log?: Logger;
  now?: () => Date;
  /** Tests shorten the mail retries. */
  mailRetries?: MailerDeps['retries'];
}

async function appKeyFor(config: Config, settings: SettingsRepository): Promise<string> {
  if (config.appKey) return config.appKey;
  await settings.insertIfAbsent(SETTING_KEYS.appKey, randomToken(48));
  return (await settings.get(SETTING_KEYS.appKey))!;
}

/**
 * Opens the database (or takes the one given) and migrates it, resolves the app key, makes the
 * storage, the job queue and the mailer, and declares every module's jobs. No worker starts
 * here: the caller starts `ctx.jobs` when its role is to work them.
 */
export async function createContext(
  config: Config,
  options: ContextOptions = {},
): Promise<AppContext> {
  const database = options.database ?? connectDatabase(config.database);
  const log = options.log ?? createLogger(config.logLevel);
  try {
    await migrateToLatest(database.db);
    const settings = settingsRepository(database.db);
    const storage = createStorage(config);
    const jobs = createJobQueue({ config, db: database.db, dialect: database.dialect, log });
    const mailer = createMailer({
      config,
      jobs,
      outbox: storage.mail,
      ...(options.mailRetries ? { retries: options.mailRetries } : {}),
    });
    let closing: Promise<void> | undefined;
    const ctx: AppContext = {
      config,
      db: database.db,
      dialect: database.dialect,
      appKey: await appKeyFor(config, settings),
      mailer,
      storage,
      settings,
      readStamps: database.readStamps,
      jobs,
      log,
      now: options.now ?? (() => new Date()),
      close: () =>
        (closing ??= (async () => {
          try {
            // Running jobs finish (or are left to their lease) before the database goes.
            await jobs.stop();
            await mailer.close();
          } finally {
            await database.destroy();
          }
        })()),
    };
    declareJobs(ctx);
    return ctx;
  } catch (error) {
    await database.destroy().catch(() => undefined);
    throw error;
  }
}
