import type { ItemType } from '@kinfolio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { retentionSettings } from '../files/index.js';
import { hardDeleteItem } from '../items/index.js';
import { hardDeleteRecord } from '../records/index.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Items and records deleted per run: a long-neglected trash empties over a few hours. */
const BATCH = 500;

/**
 * Empties the trash of items and records put there more than TRASH_RETENTION_DAYS ago (the admin's
 * setting); off at 0, the default. Each goes through the usual hard delete, so its files go to
 * the deleted medias. One restored meanwhile is left alone (the hard delete refuses it).
 */
export async function emptyExpiredTrash(
  ctx: AppContext,
  log?: FastifyBaseLogger,
): Promise<{ items: number; records: number }> {
  const done = { items: 0, records: 0 };
  const { trash_retention_days: period } = await retentionSettings(ctx);
  if (period <= 0) return done;
  const before = new Date(ctx.now().getTime() - period * DAY).toISOString();
  const items = await ctx.db
    .selectFrom('items')
    .select(['id', 'type'])
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', before)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  for (const item of items) {
    if (await skipRefused(() => hardDeleteItem(ctx, item.type as ItemType, item.id))) {
      done.items += 1;
    }
  }
  const records = await ctx.db
    .selectFrom('records')
    .select('id')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', before)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  for (const record of records) {
    if (await skipRefused(() => hardDeleteRecord(ctx, record.id))) done.records += 1;
  }
  if (done.items + done.records) {
    log?.info({ ...done, period }, 'trash retention: items and records deleted for good');
  }
  return done;
}

/** A hard delete refused (restored from the trash meanwhile, of a type no longer known): skipped. */
async function skipRefused(work: () => Promise<boolean>): Promise<boolean> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

export function declareRetentionJobs(ctx: AppContext): void {
  ctx.jobs.define<null>('trash.retention', async (_payload, job) => {
    await emptyExpiredTrash(ctx, job.log);
  });
  ctx.jobs.every('trash.retention', HOUR, null, { atStart: true });
}
