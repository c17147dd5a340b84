import type { AppContext } from '../../context.js';
import { purgeExpiredDeletedMedias } from './deleted.js';
import { backfillPhotoMetadata } from './photo-metadata.js';
import { reconcileFiles } from './reconcile.js';
import { pruneTemporaryUploads } from './service.js';
import { defineThumbnailJob } from './thumbnail-job.js';

const HOUR = 3_600_000;

/**
 * The files module's background work. Queued by uploads (and the files check): an image's
 * thumbnail (thumbnail-job.ts), on the `media` queue. Hourly, and whenever a worker starts (after
 * a crash, partial uploads are left behind): expired temporary uploads go, and the storage is
 * checked against the files table.
 */
export function declareFileJobs(ctx: AppContext): void {
  defineThumbnailJob(ctx);
  let first = true;
  ctx.jobs.define<null>('files.maintenance', async (_payload, job) => {
    await pruneTemporaryUploads(ctx, job.log);
    await reconcileFiles(ctx, job.log, { announce: first });
    first = false;
  });
  ctx.jobs.every('files.maintenance', HOUR, null, { atStart: true });
  // Deleted medias past their retention period go for good (rows, then bytes).
  ctx.jobs.define<null>('files.purge_deleted', async (_payload, job) => {
    await purgeExpiredDeletedMedias(ctx, job.log);
  });
  ctx.jobs.every('files.purge_deleted', HOUR, null, { atStart: true });
  // Photos stored before their EXIF day and place were read at upload (migration 0022), and rows
  // written without them (the demo seed, an older backup restored): read once, in batches.
  ctx.jobs.define<null>('files.photo_metadata', async (_payload, job) => {
    await backfillPhotoMetadata(ctx, job.log);
  });
  ctx.jobs.every('files.photo_metadata', 24 * HOUR, null, { atStart: true });
}
