import type { Backup, BackupSchedule } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import type { BackupsTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { isSafeKey, type Storage } from '../../storage/storage.js';
import type { BackupManifest } from './format.js';
import { storedBackup, type BackupSource } from './restore.js';
import type { BackupTarget } from './target.js';
import type { BackupOutput } from './write.js';

export const BACKUP_JOB = 'backups.create';
export const BACKUP_SCHEDULE_JOB = 'backups.schedule';

export interface BackupJobPayload {
  backupId: number;
}
/** The admin's schedule, in settings (JSON); the environment's defaults until then. */
export const SCHEDULE_SETTING = 'backup_schedule';

export type BackupRow = Omit<BackupsTable, 'id' | 'progress'> & { id: number; progress: number };

export const backupFileName = (at: Date) =>
  `kinfolio-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar`;

export function backupTarget(ctx: AppContext): BackupTarget {
  return { db: ctx.db, dialect: ctx.dialect, storage: ctx.storage };
}

/** The output that keeps a backup in the backups storage under `name` (visible once complete). */
export const storeBackup =
  (storage: Storage, name: string): BackupOutput =>
  (body) =>
    storage.backups.put(name, body, { contentType: 'application/x-tar' });

/** The stored backup named `name`, or undefined when its bytes are gone (or the name is odd). */
export const storedBackupNamed = (storage: Storage, name: string) =>
  isSafeKey(name) ? storedBackup(storage.backups, name) : Promise.resolve(undefined);

/** What the counts column holds: rows per table, and the files with their bytes. */
export function countsOf(manifest: BackupManifest) {
  return {
    tables: Object.fromEntries(Object.entries(manifest.tables).map(([t, v]) => [t, v.rows])),
    files: manifest.files.count,
    bytes: manifest.files.bytes,
  };
}

export const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 500);

export interface BackupService {
  /** Records a backup and queues its job; the row. */
  create(origin: 'manual' | 'scheduled', userId: number | null): Promise<Backup>;
  list(): Promise<Backup[]>;
  get(id: number): Promise<Backup | undefined>;
  /** The stored bytes of a backup, undefined when they are gone. */
  stored(backup: Backup): Promise<BackupSource | undefined>;
  /** Removes the stored backup and its row. */
  remove(id: number): Promise<void>;
  schedule(): Promise<BackupSchedule>;
  saveSchedule(schedule: BackupSchedule): Promise<void>;
  /** Removes the nightly backups beyond the kept count; how many went. */
  prune(keep: number): Promise<number>;
}

/** The backups as the routes and the jobs see them (rows, stored bytes, schedule). */
export function backupService(ctx: AppContext): BackupService {
  const db = ctx.db;

  async function row(id: number): Promise<(BackupRow & { user_name: string | null }) | undefined> {
    return db
      .selectFrom('backups')
      .leftJoin('users', 'users.id', 'backups.created_by')
      .selectAll('backups')
      .select('users.name as user_name')
      .where('backups.id', '=', id)
      .executeTakeFirst() as Promise<(BackupRow & { user_name: string | null }) | undefined>;
  }

  async function present(r: BackupRow & { user_name: string | null }): Promise<Backup> {
    let status = r.status;
    let error = r.error;
    // A worker that died with the job leaves the row running: the queue knows it failed.
    if (status === 'running' && r.job_id) {
      const job = await ctx.jobs.status(r.job_id);
      if (job?.state === 'failed') {
        status = 'failed';
        error = firstLine(job.error ?? 'failed');
      }
    }
    return {
      id: r.id,
      file_name: r.file_name,
      status,
      progress: status === 'done' ? 100 : Number(r.progress),
      size: r.size === null ? null : Number(r.size),
      sha256: r.sha256,
      counts: r.counts ? (JSON.parse(r.counts) as Backup['counts']) : null,
      origin: r.origin,
      created_by: r.user_name ?? null,
      created_at: r.created_at,
      finished_at: r.finished_at,
      error,
    };
  }

  const service: BackupService = {
    async create(origin, userId) {
      const now = ctx.now();
      // Two backups asked in the same millisecond (a double click, the night's and an admin's)
      // would share a name: the later one takes the next free suffix.
      let id: number | undefined;
      for (let attempt = 1; id === undefined; attempt += 1) {
        const fileName = backupFileName(now).replace(
          /\.tar$/,
          attempt > 1 ? `-${attempt}.tar` : '.tar',
        );
        try {
          ({ id } = await db
            .insertInto('backups')
            .values({
              file_name: fileName,
              status: 'running',
              origin,
              created_by: userId,
              created_at: now.toISOString(),
              size: null,
              sha256: null,
              counts: null,
              job_id: null,
              finished_at: null,
              error: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow());
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 100) throw error;
        }
      }
      const jobId = await ctx.jobs.enqueue<BackupJobPayload>(BACKUP_JOB, { backupId: id });
      await db.updateTable('backups').set({ job_id: jobId }).where('id', '=', id).execute();
      return present((await row(id))!);
    },
    async list() {
      const rows = (await db
        .selectFrom('backups')
        .leftJoin('users', 'users.id', 'backups.created_by')
        .selectAll('backups')
        .select('users.name as user_name')
        .orderBy('backups.created_at', 'desc')
        .orderBy('backups.id', 'desc')
        .execute()) as (BackupRow & { user_name: string | null })[];
      return Promise.all(rows.map(present));
    },
    async get(id) {
      const r = await row(id);
      return r ? present(r) : undefined;
    },
    stored(backup) {
      return storedBackupNamed(ctx.storage, backup.file_name);
    },
    async remove(id) {
      const r = await row(id);
      if (!r) return;
      if (isSafeKey(r.file_name)) await ctx.storage.backups.delete(r.file_name);
      await db.deleteFrom('backups').where('id', '=', id).execute();
    },
    async schedule() {
      const defaults = ctx.config.backups;
      const stored = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', SCHEDULE_SETTING)
        .executeTakeFirst();
      const fallback = { nightly: defaults.nightly, hour: defaults.hour, keep: defaults.keep };
      if (!stored) return fallback;
      try {
        return { ...fallback, ...(JSON.parse(stored.value) as Partial<BackupSchedule>) };
      } catch {
        return fallback;
      }
    },
    async saveSchedule(schedule) {
      const value = JSON.stringify(schedule);
      await db
        .insertInto('settings')
        .values({ key: SCHEDULE_SETTING, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
    async prune(keep) {
      const rows = await db
        .selectFrom('backups')
        .select('id')
        .where('origin', '=', 'scheduled')
        .where('status', '=', 'done')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const doomed = rows.slice(keep);
      for (const { id } of doomed) await service.remove(id);
      return doomed.length;
    },
  };
  return service;
}

/** Lists a backup the command line put into the backups storage, as the screen shows them. */
export async function recordCliBackup(
  db: AppContext['db'],
  fileName: string,
  result: { manifest: BackupManifest; size: number; sha256: string },
  at: Date,
): Promise<void> {
  await db
    .insertInto('backups')
    .values({
      file_name: fileName,
      status: 'done',
      progress: 100,
      origin: 'cli',
      created_by: null,
      created_at: at.toISOString(),
      finished_at: new Date().toISOString(),
      size: result.size,
      sha256: result.sha256,
      counts: JSON.stringify(countsOf(result.manifest)),
      job_id: null,
      error: null,
    })
    .execute();
}
