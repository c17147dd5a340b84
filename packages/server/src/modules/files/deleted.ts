import {
  ITEM_LIMITS,
  RECORD_LIMITS,
  type AttachedFile,
  type DeletedMedia,
  type RetentionSettings,
} from '@kinfolio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { stampedTransaction } from '../../db/stamps.js';
import { fieldError } from '../../http/errors.js';
import { settingsRepository } from '../settings/index.js';
import {
  fileUrl,
  filesRepository,
  presentFile,
  thumbnailUrl,
  type FileOwner,
  type FileRow,
} from './repository.js';
import type { OwnerLookups } from './service.js';
import { removeBytes } from './upload.js';

const DAY = 86_400_000;

/** The settings rows of the retention periods (absent: the configuration's defaults). */
export const RETENTION_KEYS = {
  deletedMedias: 'deleted_media_retention_days',
  trash: 'trash_retention_days',
} as const;

function days(value: string | undefined, fallback: number, min: number): number {
  const parsed = value === undefined ? NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
}

/** The retention periods in force: the admin's settings, else DELETED_MEDIA/TRASH_RETENTION_DAYS. */
export async function retentionSettings(ctx: AppContext): Promise<RetentionSettings> {
  const settings = settingsRepository(ctx.db);
  return {
    deleted_media_retention_days: days(
      await settings.get(RETENTION_KEYS.deletedMedias),
      ctx.config.deletedMediaRetentionDays,
      1,
    ),
    trash_retention_days: days(
      await settings.get(RETENTION_KEYS.trash),
      ctx.config.trashRetentionDays,
      0,
    ),
  };
}

export async function saveRetentionSettings(
  ctx: AppContext,
  values: RetentionSettings,
): Promise<void> {
  const settings = settingsRepository(ctx.db);
  await settings.set(RETENTION_KEYS.deletedMedias, String(values.deleted_media_retention_days));
  await settings.set(RETENTION_KEYS.trash, String(values.trash_retention_days));
}

type DeletedRow = FileRow & { deleted_by_name: string | null };

/** A page of deleted medias, newest first, each with its origin and whether that still lives. */
export async function listDeletedMedias(
  ctx: AppContext,
  offset: number,
  limit: number,
): Promise<{ rows: DeletedMedia[]; total: number }> {
  const repo = filesRepository(ctx.db);
  const [rows, total, settings] = await Promise.all([
    repo.deletedPage(offset, limit) as Promise<DeletedRow[]>,
    repo.deletedCount(),
    retentionSettings(ctx),
  ]);
  const ids = (kind: 'item' | 'record') =>
    rows.filter((row) => row.origin_kind === kind).map((row) => row.origin_id!);
  const live = async (table: 'items' | 'records', wanted: number[]) =>
    new Set(
      wanted.length
        ? (
            await ctx.db
              .selectFrom(table)
              .select('id')
              .where('id', 'in', wanted)
              .where('deleted_at', 'is', null)
              .execute()
          ).map((row) => row.id)
        : [],
    );
  const [liveItems, liveRecords] = await Promise.all([
    live('items', ids('item')),
    live('records', ids('record')),
  ]);
  const period = settings.deleted_media_retention_days * DAY;
  return {
    total,
    rows: rows.map((row) => {
      const kind = row.origin_kind === 'record' ? 'record' : 'item';
      const originId = row.origin_id ?? 0;
      return {
        id: row.id,
        name: row.name,
        mime: row.mime,
        size: Number(row.size),
        url: fileUrl(row.id),
        ...(row.thumb_key ? { thumbnail_url: thumbnailUrl(row.id) } : {}),
        origin: {
          kind,
          id: originId,
          type: row.origin_type ?? kind,
          title: row.origin_title ?? '',
          live: (kind === 'record' ? liveRecords : liveItems).has(originId),
        },
        deleted_at: row.deleted_at!,
        deleted_by:
          row.deleted_by !== null ? { id: row.deleted_by, name: row.deleted_by_name ?? '' } : null,
        purge_at: new Date(Date.parse(row.deleted_at!) + period).toISOString(),
      };
    }),
  };
}

export interface Restored {
  file: AttachedFile;
  owner: { kind: 'item' | 'record'; id: number; type: string; title: string };
  created: boolean;
}

/**
 * Gives a deleted media back: to its owner when that still exists outside the trash, else to a
 * new `media` item titled after the file (in `language`). Undefined: no such deleted media.
 */
export async function restoreDeletedMedia(
  ctx: AppContext,
  id: number,
  input: { language: string; actor: { id: number; name: string } | undefined },
  lookups: OwnerLookups,
): Promise<Restored | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = filesRepository(trx);
    const row = await repo.findDeleted(id, ctx.dialect === 'postgres');
    if (!row) return undefined;
    const at = ctx.now().toISOString();
    let owner: FileOwner | undefined;
    let restored: Restored['owner'] | undefined;
    if (row.origin_kind === 'record' && row.origin_id !== null) {
      const record = await lookups.record(trx, row.origin_id);
      if (record && record.deleted_at === null) {
        if ((await repo.ofRecord(record.id)).length >= RECORD_LIMITS.filesMax) {
          throw fieldError('id', 'files.too_many_parts');
        }
        owner = { kind: 'record', id: record.id };
        restored = { ...owner, type: 'record', title: record.title || record.number };
      }
    } else if (row.origin_kind === 'item' && row.origin_id !== null) {
      const item = await lookups.item(trx, row.origin_id);
      if (item && item.deleted_at === null) {
        owner = { kind: 'item', id: item.id };
        restored = { ...owner, type: item.type, title: item.title };
      }
    }
    const created = !owner;
    if (!owner || !restored) {
      const title = row.name.slice(0, ITEM_LIMITS.titleMaxLength);
      const item = await lookups.createMedia(trx, { title, ...input });
      owner = { kind: 'item', id: item.id };
      restored = { kind: 'item', id: item.id, type: item.type, title: item.title };
    }
    await repo.restore(row.id, owner, at);
    const file = presentFile((await repo.find(row.id))!);
    return { file, owner: restored, created };
  });
}

/**
 * Purges deleted medias: their rows in one transaction, then their bytes once that committed. A
 * process killed in between leaves bytes without a row, which the storage check removes after
 * its grace period; never a row without bytes.
 */
async function purge(
  ctx: AppContext,
  filter: { ids?: number[]; before?: string },
  log?: FastifyBaseLogger,
): Promise<number> {
  const { count, keys } = await stampedTransaction(ctx.db, 'archive', (trx) =>
    filesRepository(trx).purgeDeleted(filter),
  );
  await removeBytes(ctx, keys, log);
  return count;
}

export async function purgeDeletedMedia(
  ctx: AppContext,
  id: number,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  return (await purge(ctx, { ids: [id] }, log)) > 0;
}

export function purgeAllDeletedMedias(ctx: AppContext, log?: FastifyBaseLogger): Promise<number> {
  return purge(ctx, {}, log);
}

/** The retention job: deleted medias older than the period go for good. */
export async function purgeExpiredDeletedMedias(
  ctx: AppContext,
  log?: FastifyBaseLogger,
): Promise<number> {
  const { deleted_media_retention_days: period } = await retentionSettings(ctx);
  const before = new Date(ctx.now().getTime() - period * DAY).toISOString();
  const count = await purge(ctx, { before }, log);
  if (count) log?.info({ count, period }, 'deleted medias past their retention period purged');
  return count;
}
