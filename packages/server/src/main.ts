import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { CONTENT_LANGUAGES, importOptionsSchema, type ContentLanguage } from '@kinfolio/contract';
import { buildApp } from './app.js';
import { createOrPromoteAdmin } from './auth/index.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createContext } from './context.js';
import { connectDatabase } from './db/connect.js';
import { holdInstanceLock } from './db/instance-lock.js';
import { createLogger } from './log.js';
import { stopOnSignals } from './shutdown.js';
import { migrateToLatest } from './db/migrate.js';
import { warmUpInBackground } from './db/warm-up.js';
import { drainOnSignals } from './http/drain.js';
import { keepSearchRanges } from './modules/items/index.js';
import { ArchiveNotEmptyError, DEMO_DEFAULT_SIZE, seedDemo } from './demo/seed.js';
import {
  BackupError,
  backupFileName,
  recordCliBackup,
  restoreBackup,
  storeBackup,
  writeBackup,
  type BackupSource,
  type BackupTarget,
} from './modules/backups/index.js';
import { importCommand, ImportCommandError, isTimeZone } from './modules/imports/index.js';
import { createStorage } from './storage/index.js';
import { storageCommand } from './storage/copy-command.js';

const USAGE = `Usage: kinfolio [command] [options]

Commands:
  serve                       start the server (default)
  worker [--queue Q ...]      work background jobs without the web server (all queues, or
                              only those named)
  migrate                     apply database migrations and exit
  create-admin --email E --password P [--name N]
                              create an administrator, or make an existing account admin
                              with a new password
  seed-demo [--size N] [--seed S]
                              fill an empty archive with a multilingual demo family
                              (N items in all, default ${DEMO_DEFAULT_SIZE}; same seed, same archive)
                              and its audio records, with generated speech-like audio
  backup [--out FILE]         write a portable backup (data and files) to FILE, by default
                              into the backups storage as kinfolio-backup-<time>.tar, listed
                              on the backup screen (BACKUP_DIR with STORAGE=local)
  restore FILE                restore a backup FILE into an empty archive (this database,
                              SQLite or PostgreSQL, and its storage), after checking every
                              checksum
  import PATH [--as EMAIL] [--folder-categories] [--language L] [--one-item-per day|message]
         [--date-order day_first|month_first] [--time-zone ZONE]
                              import a folder or zip on this machine (photos and videos, a
                              Google Takeout, mailboxes, a WhatsApp export) as the user EMAIL,
                              printing progress and counts; run it again and nothing already
                              imported is imported twice. WhatsApp: one item per chat and day
                              (default) or per message; numeric dates' order and the IANA time
                              zone (Europe/Paris) when the export cannot tell
  storage copy --to s3|local [--remove-source]
                              copy every stored byte from the local folders to the S3 bucket
                              (S3_* variables) or back, each copy verified by SHA-256;
                              resumable; the source is removed only with --remove-source, once
                              every copy is verified

Configuration comes from the environment; see README.md.`;

async function serve(config: Config) {
  holdInstanceLock(config.database);
  const database = connectDatabase(config.database);
  const { app } = await buildApp(config, { database });
  drainOnSignals(app, { graceMs: config.shutdownGraceMs });
  await app.listen({ port: config.port, host: config.host });
  // In the background: the first readers' requests are answered meanwhile (WARMUP=off: not at all).
  if (config.warmUp) warmUpInBackground(app, database, config.database);
  // Its timer does not keep the process alive: no need to stop it on close.
  keepSearchRanges(database.db, database.dialect, (error) =>
    app.log.warn({ err: error }, 'search ranges'),
  );
}

/** A worker's running jobs get this long to finish after SIGTERM; the rest go back by lease. */
const WORKER_GRACE_MS = 30_000;

/**
 * Jobs only, without Fastify and without listening on any port: heavy work can run on processes
 * of its own (`JOB_WORKER=false` on the web servers). On SIGTERM it stops taking jobs and lets
 * the running ones finish within WORKER_GRACE_MS; one still running then is left to its lease,
 * and another worker takes it again.
 */
async function worker(config: Config, args: string[]) {
  const { values } = parseArgs({ args, options: { queue: { type: 'string', multiple: true } } });
  holdInstanceLock(config.database);
  const log = createLogger(config.logLevel);
  const ctx = await createContext(config, { log });
  await ctx.jobs.start(values.queue?.length ? { queues: values.queue } : {});
  log.info({ backend: ctx.jobs.backend, queues: values.queue ?? 'all' }, 'worker started');
  stopOnSignals({
    log,
    message: 'worker stopping: no new jobs, waiting for the running ones',
    graceMs: WORKER_GRACE_MS,
    stop: () => ctx.close(),
    leftBehind: 'jobs still running go back to the queue when their lease runs out',
  });
}

async function migrate(config: Config) {
  const handle = connectDatabase(config.database);
  try {
    const applied = await migrateToLatest(handle.db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  } finally {
    await handle.destroy();
  }
}

async function createAdmin(config: Config, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const email = values.email?.trim().toLowerCase();
  if (
    !email ||
    !/^[^@\s]+@[^@\s]+$/.test(email) ||
    !values.password ||
    values.password.length < 8
  ) {
    throw new ConfigError('create-admin needs --email and a --password of at least 8 characters');
  }
  const handle = connectDatabase(config.database);
  try {
    await migrateToLatest(handle.db);
    const { user, created } = await createOrPromoteAdmin(
      handle.db,
      { email, password: values.password, name: values.name?.trim() || 'Admin' },
      new Date(),
    );
    console.log(`${created ? 'Created' : 'Updated'} administrator ${user.email} (id ${user.id}).`);
  } finally {
    await handle.destroy();
  }
}

async function seedDemoCommand(config: Config, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { size: { type: 'string' }, seed: { type: 'string' } },
  });
  const size = values.size === undefined ? DEMO_DEFAULT_SIZE : Number(values.size);
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(size) || size < 1 || !Number.isInteger(seed)) {
    throw new ConfigError('seed-demo takes --size (a positive integer) and --seed (an integer)');
  }
  const handle = connectDatabase(config.database);
  try {
    await migrateToLatest(handle.db);
    // The records' audio and the media items' pictures go where the server keeps files (see
    // app.ts).
    const files = createStorage(config).files;
    const summary = await seedDemo(handle, { size, seed, audio: files, pictures: files });
    console.log(
      `Seeded ${summary.items} items (${summary.translations} translations, ` +
        `${summary.pictures} pictures), ${summary.participants} participants ` +
        `(${summary.relations} family relations), ` +
        `${summary.tags} tags, ${summary.categories} categories, ${summary.records} audio ` +
        `records (${summary.audioFiles} audio files).`,
    );
  } catch (error) {
    if (error instanceof ArchiveNotEmptyError) throw new ConfigError(error.message);
    throw error;
  } finally {
    await handle.destroy();
  }
}

/** The archive of the configured database and storage, as backups read and restores write it. */
function backupTargetOf(config: Config, handle: ReturnType<typeof connectDatabase>): BackupTarget {
  return { db: handle.db, dialect: handle.dialect, storage: createStorage(config) };
}

/** The operator's `--out FILE`: written beside it under a partial name, renamed when complete. */
async function writeLocalFile(file: string, body: Readable): Promise<void> {
  const partial = `${file}.${randomUUID()}.part`;
  try {
    await pipeline(body, fs.createWriteStream(partial, { flags: 'wx' }));
    await fs.promises.rename(partial, file);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

/** The operator's backup FILE, read as often as the restore needs. */
async function localBackup(file: string): Promise<BackupSource> {
  const stats = await fs.promises.stat(file).catch(() => undefined);
  if (!stats?.isFile()) throw new ConfigError(`No backup file at ${file}`);
  return { size: stats.size, open: () => fs.createReadStream(file) };
}

/** Progress on stderr, every tenth. */
function progressPrinter(label: string) {
  let shown = -1;
  return (percent: number) => {
    const tenth = Math.floor(percent / 10);
    if (tenth === shown) return;
    shown = tenth;
    process.stderr.write(`${label} ${tenth * 10}%\n`);
  };
}

async function backupCommand(config: Config, args: string[]) {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  const handle = connectDatabase(config.database);
  try {
    await migrateToLatest(handle.db);
    const at = new Date();
    const target = backupTargetOf(config, handle);
    const file = values.out === undefined ? undefined : path.resolve(values.out);
    const name = backupFileName(at);
    const result = await writeBackup(
      target,
      file ? (body) => writeLocalFile(file, body) : storeBackup(target.storage, name),
      progressPrinter('backup'),
    );
    // Written where the scheduled ones are: listed on the backup screen too.
    if (!file) await recordCliBackup(handle.db, name, result, at);
    const out = file ?? `${name} (backups storage)`;
    const rows = Object.values(result.manifest.tables).reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Backup written: ${out}\n  ${result.size} bytes, sha256 ${result.sha256}\n` +
        `  ${rows} rows in ${Object.keys(result.manifest.tables).length} tables, ` +
        `${result.manifest.files.count} files (${result.manifest.files.bytes} bytes)` +
        (result.manifest.missing_files.length
          ? `\n  ${result.manifest.missing_files.length} stored files were missing: see the manifest`
          : ''),
    );
  } finally {
    await handle.destroy();
  }
}

async function restoreCommand(config: Config, args: string[]) {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new ConfigError('restore takes one backup FILE');
  const handle = connectDatabase(config.database);
  try {
    await migrateToLatest(handle.db);
    const manifest = await restoreBackup(
      backupTargetOf(config, handle),
      await localBackup(path.resolve(file)),
      progressPrinter('restore'),
    );
    const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Restored ${rows} rows and ${manifest.files.count} files from ${file} ` +
        `(made ${manifest.created_at} on ${manifest.source_dialect}, schema ${manifest.schema_version}).`,
    );
  } catch (error) {
    if (error instanceof BackupError) throw new ConfigError(error.message);
    throw error;
  } finally {
    await handle.destroy();
  }
}

/** The import's options from the command line; a wrong value names its option. */
function cliImportOptions(
  values: Record<string, string | boolean | undefined>,
  language: ContentLanguage | undefined,
) {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const parsed = importOptionsSchema.safeParse({
    folder_categories: values['folder-categories'] === true,
    ...(language ? { language } : {}),
    ...(text('one-item-per') !== undefined ? { one_item_per: text('one-item-per') } : {}),
    ...(text('date-order') !== undefined ? { date_order: text('date-order') } : {}),
    ...(text('time-zone') !== undefined ? { time_zone: text('time-zone') } : {}),
  });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'options');
    throw new ConfigError(`--${field.replaceAll('_', '-')} is not valid`);
  }
  if (parsed.data.time_zone && !isTimeZone(parsed.data.time_zone)) {
    throw new ConfigError('--time-zone is an IANA time zone, such as Europe/Paris');
  }
  return parsed.data;
}

async function importCliCommand(config: Config, args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      as: { type: 'string' },
      'folder-categories': { type: 'boolean' },
      language: { type: 'string' },
      'one-item-per': { type: 'string' },
      'date-order': { type: 'string' },
      'time-zone': { type: 'string' },
    },
  });
  const target = positionals[0];
  if (!target || positionals.length > 1) throw new ConfigError('import takes one PATH');
  const language = values.language;
  if (language !== undefined && !(CONTENT_LANGUAGES as readonly string[]).includes(language)) {
    throw new ConfigError(`--language is one of ${CONTENT_LANGUAGES.join(', ')}`);
  }
  const options = cliImportOptions(values, language as ContentLanguage | undefined);
  // On SQLite, a running server or worker works the queue: then this only follows the import.
  let work = true;
  try {
    holdInstanceLock(config.database);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    work = false;
  }
  // Its output is the progress and the counts: the server's info lines only when asked for.
  const log = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn');
  const ctx = await createContext(config, { log });
  try {
    await migrateToLatest(ctx.db);
    const status = await importCommand(
      ctx,
      {
        // `npm run kinfolio` runs from the repository's root: a relative PATH is the caller's.
        path: path.resolve(process.env.INIT_CWD ?? process.cwd(), target),
        ...(values.as ? { email: values.as } : {}),
        options,
        work,
      },
      (line) => console.log(line),
    );
    if (status === 'failed') process.exitCode = 1;
  } catch (error) {
    if (error instanceof ImportCommandError) throw new ConfigError(error.message);
    throw error;
  } finally {
    await ctx.close();
  }
}

async function main(argv: string[]) {
  const [command = 'serve', ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  switch (command) {
    case 'serve':
      return serve(config);
    case 'worker':
      return worker(config, rest);
    case 'migrate':
      return migrate(config);
    case 'create-admin':
      return createAdmin(config, rest);
    case 'seed-demo':
      return seedDemoCommand(config, rest);
    case 'backup':
      return backupCommand(config, rest);
    case 'restore':
      return restoreCommand(config, rest);
    case 'storage':
      return storageCommand(config, rest);
    case 'import':
      return importCliCommand(config, rest);
    default:
      throw new ConfigError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
