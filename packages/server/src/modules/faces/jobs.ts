import type { AppContext } from '../../context.js';
import { onNewPictures } from '../files/index.js';
import {
  BACKFILL_JOB,
  BACKFILL_JOB_KEY,
  backfillFaces,
  DETECT_JOB,
  detectFile,
  queueDetection,
  type DetectPayload,
} from './detect-job.js';
import { faceIndex } from './nearest.js';
import { facesEnabled } from './settings.js';

const HOUR = 3_600_000;

/**
 * The faces' background work, on the `media` queue beside thumbnails and MP3s (so that
 * `kinfolio worker --queue media` keeps it off the API instances) but behind them, at background
 * priority (a burst of pictures never delays an MP3 somebody waits for): each new picture's detection,
 * queued by uploads; the backfill over every picture not read yet, queued by imports, by the
 * admin turning faces on, every six hours and whenever a worker starts (a killed backfill goes on
 * where it stopped).
 */
export function declareFaceJobs(ctx: AppContext): void {
  ctx.jobs.define<DetectPayload>(
    DETECT_JOB,
    async (payload, job) => {
      await detectFile(ctx, payload.fileId, job.log);
    },
    { queue: 'media', attempts: 3, backoffMs: 5_000, priority: 'background' },
  );
  ctx.jobs.define<null>(
    BACKFILL_JOB,
    async (_payload, job) => {
      // Off (the test servers, or the admin's choice): nothing written, not even its job's id.
      if (!(await facesEnabled(ctx))) return;
      await ctx.settings.set(BACKFILL_JOB_KEY, job.id);
      await backfillFaces(ctx, job);
    },
    { queue: 'media', attempts: 5, backoffMs: 30_000, priority: 'background' },
  );
  ctx.jobs.every(BACKFILL_JOB, 6 * HOUR, null, { atStart: true });
  onNewPictures(ctx, (fileIds) => queueDetection(ctx, fileIds));
  ctx.jobs.onStart((names) => {
    if (names.includes(DETECT_JOB)) void warmFaceIndex(ctx);
  });
}

/**
 * Reads every descriptor into this worker's index as it starts (about 10 s at 100,000 faces),
 * so that the first detection's suggestions do not pay for it.
 */
export async function warmFaceIndex(ctx: AppContext): Promise<void> {
  try {
    if (!(await facesEnabled(ctx))) return;
    const started = performance.now();
    const index = await faceIndex(ctx.db);
    ctx.log.info(
      { faces: index.size, ms: Math.round(performance.now() - started) },
      'faces index loaded',
    );
  } catch (err) {
    // The first suggestion loads it then; a failed warm-up must not stop the worker.
    ctx.log.warn({ err }, 'faces index warm-up failed');
  }
}
