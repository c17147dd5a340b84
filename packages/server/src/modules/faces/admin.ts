import type { FacesAdmin } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { stampedTransaction } from '../../db/stamps.js';
import { BACKFILL_JOB_KEY, pictureCounts, queueBackfill } from './detect-job.js';
import { MODEL_VERSION } from './detector.js';
import { bumpFacesRevision, dropFaceIndex } from './nearest.js';
import { facesDb, facesTrx } from './repository.js';
import { autoLinkEnabled, FACE_SETTING_KEYS, FACE_THRESHOLDS, facesEnabled } from './settings.js';

/** The admin's view: the settings, what has been read, and the backfill's progress. */
export async function facesAdminState(ctx: AppContext): Promise<FacesAdmin> {
  const db = facesDb(ctx.db);
  const { pictures, scanned } = await pictureCounts(ctx);
  const counts = await db
    .selectFrom('faces')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('faces'),
      eb.fn.count<number | string>('participant_id').as('named'),
      eb.fn.count<number | string>('group_id').distinct().as('groups'),
    ])
    .executeTakeFirstOrThrow();
  const jobId = await ctx.settings.get(BACKFILL_JOB_KEY);
  const job = jobId ? await ctx.jobs.status(jobId) : undefined;
  return {
    available: ctx.config.faces,
    enabled: await facesEnabled(ctx),
    auto_link: await autoLinkEnabled(ctx),
    thresholds: {
      suggest: FACE_THRESHOLDS.suggest,
      group: FACE_THRESHOLDS.group,
      auto_link: FACE_THRESHOLDS.autoLink,
    },
    counts: {
      pictures,
      scanned,
      pending: Math.max(0, pictures - scanned),
      faces: Number(counts.faces),
      named: Number(counts.named),
      groups: Number(counts.groups),
    },
    backfill: job ? { job_id: job.id, state: job.state, progress: job.progress } : null,
    model_version: MODEL_VERSION,
  };
}

/** Turns faces on or off, and auto-linking; turning them on reads the pictures not read yet. */
export async function updateFacesSettings(
  ctx: AppContext,
  body: { enabled?: boolean | undefined; auto_link?: boolean | undefined },
): Promise<void> {
  if (body.enabled !== undefined) {
    await ctx.settings.set(FACE_SETTING_KEYS.enabled, String(body.enabled));
  }
  if (body.auto_link !== undefined) {
    await ctx.settings.set(FACE_SETTING_KEYS.autoLink, String(body.auto_link));
  }
  if (body.enabled) await queueBackfill(ctx);
}

/**
 * Deletes every face, name given to a face, group, rejection and crop, and what was read:
 * descriptors are biometric data. Faces are turned off at the same time, or the backfill would
 * read every picture again. The participants and their other links stay. How many faces went.
 */
export async function deleteAllFaceData(ctx: AppContext): Promise<number> {
  await ctx.settings.set(FACE_SETTING_KEYS.enabled, 'false');
  const count = await stampedTransaction(ctx.db, 'archive', async (t) => {
    const trx = facesTrx(t);
    const row = await trx
      .selectFrom('faces')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('item_participants').where('role', '=', 'face').execute();
    await trx.deleteFrom('face_rejections').execute();
    await trx.deleteFrom('faces').execute();
    await trx.deleteFrom('face_groups').execute();
    await trx.deleteFrom('face_scans').execute();
    await bumpFacesRevision(trx);
    return Number(row.n);
  });
  dropFaceIndex(ctx.db);
  for await (const object of ctx.storage.faces.list('crops/')) {
    await ctx.storage.faces.delete(object.key);
  }
  return count;
}
