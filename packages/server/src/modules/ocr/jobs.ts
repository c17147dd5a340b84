import type { AppContext } from '../../context.js';
import { onItemFilesAttached, onNewPictures } from '../files/index.js';
import {
  BACKFILL_JOB,
  BACKFILL_JOB_KEY,
  backfillTexts,
  queueBackfill,
  queueReading,
  READ_JOB,
  readFile,
  type ReadPayload,
} from './read-job.js';
import { ocrEnabled } from './settings.js';

const HOUR = 3_600_000;

/**
 * OCR's background work, on the `media` queue beside thumbnails and faces (so that
 * `kinfolio worker --queue media` keeps it off the API instances): each file attached to an
 * item is read (its item's language is known then, not at upload); the backfill over every scan
 * not read yet, queued by imports, by the admin turning OCR on, every six hours and whenever a
 * worker starts (a killed backfill goes on where it stopped).
 */
export function declareOcrJobs(ctx: AppContext): void {
  ctx.jobs.define<ReadPayload>(
    READ_JOB,
    async (payload, job) => {
      await readFile(ctx, payload, job.log);
    },
    { queue: 'media', attempts: 3, backoffMs: 5_000, leaseMs: ctx.config.jobs.leaseMs },
  );
  ctx.jobs.define<null>(
    BACKFILL_JOB,
    async (_payload, job) => {
      if (!(await ocrEnabled(ctx))) return;
      // A worker's start queues a backfill whatever else waits (start runs are not keyed): while
      // another one is queued or running, or left running by a killed worker and soon taken
      // again, that one does the work, and two would read every scan twice side by side.
      const other = await ctx.settings.get(BACKFILL_JOB_KEY);
      if (other && other !== job.id) {
        const state = (await ctx.jobs.status(other))?.state;
        if (state === 'queued' || state === 'running') {
          job.log.info({ backfill: other }, 'OCR backfill left to the one already under way');
          return;
        }
      }
      await ctx.settings.set(BACKFILL_JOB_KEY, job.id);
      await backfillTexts(ctx, job);
    },
    // The configured lease (as the MP3 and segment jobs): a killed worker's backfill is taken
    // again that soon, not after the default minute.
    { queue: 'media', attempts: 5, backoffMs: 30_000, leaseMs: ctx.config.jobs.leaseMs },
  );
  ctx.jobs.every(BACKFILL_JOB, 6 * HOUR, null, { atStart: true });
  onItemFilesAttached(ctx, (fileIds) => queueReading(ctx, fileIds));
  // An import's many pictures: the backfill reads them (single uploads wait to be attached).
  onNewPictures(ctx, async (fileIds) => {
    if (fileIds === 'many' && (await ocrEnabled(ctx))) await queueBackfill(ctx);
  });
}
