import type { AppContext } from '../../context.js';
import { removeAbandonedTempDirs, TEMP_HEARTBEAT_MS } from '../../storage/index.js';
import {
  BACKUP_JOB,
  BACKUP_SCHEDULE_JOB,
  backupService,
  backupTarget,
  countsOf,
  firstLine,
  storeBackup,
  type BackupJobPayload,
} from './service.js';
import { writeBackup } from './write.js';

const SCHEDULE_CHECK_MS = 10 * 60 * 1000;
/** A nightly backup made less than this long ago counts as tonight's. */
const NIGHT_MS = 12 * 60 * 60 * 1000;
/**
 * Restore uploads this old were left by a process that died (a restore reads its upload for
 * minutes). So were partial writes in a bucket this old: some S3 servers date a multipart upload
 * from its start, not its last part, and a backup is written for hours at most.
 */
const LEFT_BEHIND_MS = 24 * 60 * 60 * 1000;

/**
 * Removes what restores and backups cut short by a dead process left: restore uploads, partial
 * backups, and the backups' temporary folders. On a local disk a partial file's time is its last
 * write, and a backup writes steadily, so one idle longer than a job lease is abandoned; the
 * temporary folders of live processes are touched more often than that.
 */
export async function removeBackupLeftovers(ctx: AppContext): Promise<void> {
  const before = new Date(Date.now() - LEFT_BEHIND_MS);
  const idle = new Date(Date.now() - Math.max(ctx.config.jobs.leaseMs, 3 * TEMP_HEARTBEAT_MS));
  const { restores, backups } = ctx.storage;
  const doomed: string[] = [];
  for await (const upload of restores.list('upload-')) {
    if (upload.modifiedAt < before) doomed.push(upload.key);
  }
  for (const key of doomed) await restores.delete(key);
  const partials = ctx.config.storage.kind === 'local' ? idle : before;
  await restores.removeAbandonedPartials(partials);
  await backups.removeAbandonedPartials(partials);
  await removeAbandonedTempDirs(['backup'], idle);
}

/**
 * Declares the backup job (its own queue, `backups`, so a long backup holds up no other job) and
 * the schedule's check, every ten minutes across instances: at the admin's hour it starts the
 * night's backup, once, then removes the nightly backups beyond the kept count (and what a dead
 * process left behind in the storage). Declared by
 * app.ts for every process (web server and `kinfolio worker`), routes or not.
 */
export function declareBackupJobs(ctx: AppContext): void {
  const db = ctx.db;
  const service = backupService(ctx);

  ctx.jobs.define<BackupJobPayload>(
    BACKUP_JOB,
    async ({ backupId }, run) => {
      const current = await service.get(backupId);
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
          storeBackup(ctx.storage, current.file_name),
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
    await removeBackupLeftovers(ctx);
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
  // Also at start: what a process killed mid-backup left goes as soon as one is up again.
  ctx.jobs.every(BACKUP_SCHEDULE_JOB, SCHEDULE_CHECK_MS, null, { atStart: true });
}
