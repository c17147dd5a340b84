import type { OcrAdmin } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { BACKFILL_JOB_KEY, queueBackfill, scanCounts } from './read-job.js';
import { OCR_SETTING_KEYS, ocrEnabled } from './settings.js';

/** The admin's view: the setting, what has been read, and the backfill's progress. */
export async function ocrAdminState(ctx: AppContext): Promise<OcrAdmin> {
  const jobId = await ctx.settings.get(BACKFILL_JOB_KEY);
  const job = jobId ? await ctx.jobs.status(jobId) : undefined;
  return {
    available: ctx.config.ocr,
    enabled: await ocrEnabled(ctx),
    counts: await scanCounts(ctx),
    backfill: job ? { job_id: job.id, state: job.state, progress: job.progress } : null,
  };
}

/** Turns OCR on or off; turning it on reads the scans not read yet. */
export async function updateOcrSettings(ctx: AppContext, enabled: boolean): Promise<void> {
  await ctx.settings.set(OCR_SETTING_KEYS.enabled, String(enabled));
  if (enabled) await queueBackfill(ctx);
}
