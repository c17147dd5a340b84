import fs from 'node:fs';
import path from 'node:path';
import type { Backup, BackupSchedule } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import type { BackupsTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { BackupManifest } from './format.js';
import type { BackupTarget } from './target.js';
import { writeBackup } from './write.js';

export const BACKUP_JOB = 'backups.create';
export const BACKUP_SCHEDULE_JOB = 'backups.schedule';
/** The admin's schedule, in settings (JSON); the environment's defaults until then. */
export const SCHEDULE_SETTING = 'backup_schedule';
const SCHEDULE_CHECK_MS = 10 * 60 * 1000;
/** A nightly backup made less than this long ago counts as tonight's. */
const NIGHT_MS = 12 * 60 * 60 * 1000;

type BackupRow = Omit<BackupsTable, 'id' | 'progress'> & { id: number; progress: number };

export const backupFileName = (at: Date) =>
  `kinfolio-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar`;

export function backupTarget(ctx: AppContext): BackupTarget {
  return {
    db: ctx.db,
    dialect: ctx.dialect,
    storage: ctx.storage.files,
    pictures: ctx.storage.pictures,
    dataDir: ctx.config.dataDir,
  };
}

/** What the counts column holds: rows per table, and the files with their bytes. */
export function countsOf(manifest: BackupManifest) {
  return {
    tables: Object.fromEntries(Object.entries(manifest.tables).map(([t, v]) => [t, v.rows])),
    files: manifest.files.count,
    bytes: manifest.files.bytes,
  };
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 500);

export interface BackupService {
  dir: string;
  /** Records a backup and queues its job; the row. */
  create(origin: 'manual' | 'scheduled', userId: number | null): Promise<Backup>;
  list(): Promise<Backup[]>;
  get(id: number): Promise<Backup | undefined>;
  /** The file of a backup that is done. */
  fileOf(backup: Backup): string;
  /** Removes the file and the row. */
  remove(id: number): Promise<void>;
  schedule(): Promise<BackupSchedule>;
  saveSchedule(schedule: BackupSchedule): Promise<void>;
  /** Removes the nightly backups beyond the kept count; how many went. */
  prune(keep: number): Promise<number>;
}

/**
 * Declares the backup job (its own queue, `backups`, so a long backup holds up no other job) and
 * the schedule's check, every ten minutes across instances: at the admin's hour it starts the
 * night's backup, once, then removes the nightly backups beyond the kept count.
 */
export function declareBackupJobs(ctx: AppContext): BackupService {
  const dir = ctx.config.backups.dir;
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

  const job = ctx.jobs.define<{ backupId: number }>(
    BACKUP_JOB,
    async ({ backupId }, run) => {
      const current = await row(backupId);
      if (!current || current.status !== 'running') return;
      let shown = -1;
      let reporting = Promise.resolve();
      const onProgress = (percent: number) => {
        const whole = Math.floor(percent);
        if (whole === shown || whole >= 100) return;
        shown = whole;
        reporting = reporting
          .then(async () => {
            await db
              .updateTable('backups')
              .set({ progress: whole })
              .where('id', '=', backupId)
              .execute();
            await run.progress(whole);
          })
          .catch(() => undefined);
      };
      try {
        const result = await writeBackup(
          backupTarget(ctx),
          path.join(dir, current.file_name),
          onProgress,
        );
        await reporting;
        await db
          .updateTable('backups')
          .set({
            status: 'done',
            progress: 100,
            size: result.size,
            sha256: result.sha256,
            counts: JSON.stringify(countsOf(result.manifest)),
            finished_at: ctx.now().toISOString(),
          })
          .where('id', '=', backupId)
          .execute();
        run.log.info({ backupId, size: result.size }, 'backup written');
      } catch (error) {
        await reporting;
        await db
          .updateTable('backups')
          .set({ status: 'failed', error: firstLine(error), finished_at: ctx.now().toISOString() })
          .where('id', '=', backupId)
          .execute();
        throw error;
      }
      if (current.origin === 'scheduled') await service.prune((await service.schedule()).keep);
    },
    { attempts: 1, queue: 'backups', leaseMs: 120_000 },
  );

  ctx.jobs.define<null>(BACKUP_SCHEDULE_JOB, async () => {
    const schedule = await service.schedule();
    if (!schedule.nightly) return;
    const now = ctx.now();
    if (now.getHours() !== schedule.hour) return;
    const since = new Date(now.getTime() - NIGHT_MS).toISOString();
    const recent = await db
      .selectFrom('backups')
      .select('id')
      .where('origin', '=', 'scheduled')
      .where('created_at', '>=', since)
      .executeTakeFirst();
    if (!recent) await service.create('scheduled', null);
  });
  ctx.jobs.every(BACKUP_SCHEDULE_JOB, SCHEDULE_CHECK_MS, null);

  const service: BackupService = {
    dir,
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
      const jobId = await job.enqueue({ backupId: id });
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
    fileOf(backup) {
      return path.join(dir, path.basename(backup.file_name));
    },
    async remove(id) {
      const r = await row(id);
      if (!r) return;
      await fs.promises.rm(path.join(dir, path.basename(r.file_name)), { force: true });
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

/** Lists a backup written by the command line in the backups folder, as the screen shows them. */
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
