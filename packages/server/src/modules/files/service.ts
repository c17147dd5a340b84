import {
  FILE_LIMITS,
  RECORD_LIMITS,
  type AttachedFile,
  type FileOwnerType,
} from '@kinfolio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { stampedTransaction } from '../../db/stamps.js';
import { fieldError, notFound } from '../../http/errors.js';
import {
  filesRepository,
  isDeleted,
  isTemporary,
  keysOf,
  presentFile,
  type FileDeletion,
  type FileOrigin,
  type FileOwner,
} from './repository.js';
import { removeBytes } from './upload.js';

/**
 * Reads the item uploads are attached to, locked until the transaction ends so that a concurrent
 * hard delete waits. The items module owns that table and depends on this one (it shows and
 * deletes an item's files), so app.ts hands the lookup in instead of this module importing items
 * back, which would close a cycle. Records are looked up the same way, for the same reason.
 */
export type ItemLookup = (
  trx: Transaction<Database>,
  id: number,
) => Promise<{ id: number; type: string; title: string; deleted_at: string | null } | undefined>;
export type RecordLookup = (
  trx: Transaction<Database>,
  id: number,
) => Promise<{ id: number; title: string; number: string; deleted_at: string | null } | undefined>;
/** Creates a `media` item in the caller's transaction (a restored file whose owner is gone). */
export type MediaCreator = (
  trx: Transaction<Database>,
  input: { title: string; language: string; actor: { id: number; name: string } | undefined },
) => Promise<{ id: number; type: string; title: string }>;
export interface OwnerLookups {
  item: ItemLookup;
  record: RecordLookup;
  createMedia: MediaCreator;
  /**
   * Told of files just attached, inside the attaching transaction: a photo's GPS position becomes
   * the place of an owner that has none (modules/places).
   */
  attached?: (trx: Transaction<Database>, owner: FileOwner, fileIds: number[]) => Promise<void>;
}

/**
 * `addfilepond`: attaches the caller's temporary uploads to an item or a record, all or none.
 * Unknown, expired, already attached or someone else's uploads are refused alike, so server ids
 * cannot be probed. A record's new parts go after its others, in the order sent.
 */
export async function attachUploads(
  ctx: AppContext,
  input: { tokens: string[]; itemId: number; type: FileOwnerType; userId: number },
  lookups: OwnerLookups,
): Promise<AttachedFile[]> {
  const tokens = [...new Set(input.tokens)];
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    let owner: FileOwner;
    if (input.type === 'record') {
      const record = await lookups.record(trx, input.itemId);
      if (!record) throw fieldError('modelId', 'files.item_missing');
      owner = { kind: 'record', id: record.id };
    } else {
      const item = await lookups.item(trx, input.itemId);
      if (!item || item.type !== input.type) throw fieldError('modelId', 'files.item_missing');
      owner = { kind: 'item', id: item.id };
    }
    const repo = filesRepository(trx);
    const rows = await repo.byTokens(tokens);
    const usable = rows.filter((row) => isTemporary(row) && row.created_by === input.userId);
    if (usable.length !== tokens.length) throw fieldError('newmedias', 'files.unknown_upload');
    if (owner.kind === 'record') {
      const parts = (await repo.ofRecord(owner.id)).length;
      if (parts + usable.length > RECORD_LIMITS.filesMax) {
        throw fieldError('newmedias', 'files.too_many_parts');
      }
    }
    // In the order the client sent them (a record's parts are ordered by it).
    const ids = tokens.map((token) => usable.find((row) => row.upload_token === token)!.id);
    const attached = await repo.attach(ids, owner, ctx.now().toISOString());
    // A concurrent call attached one of them first: this one must not half-succeed.
    if (attached !== usable.length) throw fieldError('newmedias', 'files.unknown_upload');
    await lookups.attached?.(trx, owner, ids);
    const all = owner.kind === 'item' ? await repo.ofItem(owner.id) : await repo.ofRecord(owner.id);
    return all.filter((row) => ids.includes(row.id)).map(presentFile);
  });
}

/** FilePond's `revert`: the uploader removes an upload that is not attached yet. */
export async function revertUpload(
  ctx: AppContext,
  token: string,
  userId: number,
  log?: FastifyBaseLogger,
): Promise<void> {
  const repo = filesRepository(ctx.db);
  const [row] = await repo.byTokens([token]);
  if (!row || !isTemporary(row) || row.created_by !== userId) {
    throw notFound();
  }
  await repo.delete(row.id);
  await removeBytes(ctx, keysOf([row]), log);
}

/**
 * Detaches one attached file and sends it to the deleted medias (row and bytes kept); whether it
 * was an attached file. Its owner is read (and locked) for its title, the origin shown later.
 */
export async function deleteFile(
  ctx: AppContext,
  id: number,
  by: number | null,
  lookups: OwnerLookups,
): Promise<boolean> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = filesRepository(trx);
    const row = await repo.find(id);
    if (!row || isTemporary(row) || isDeleted(row)) return false;
    const deletion = { at: ctx.now().toISOString(), by };
    if (row.record_id !== null) {
      const record = await lookups.record(trx, row.record_id);
      return repo.detach(id, recordOrigin(row.record_id, record), deletion);
    }
    const item = await lookups.item(trx, row.item_id!);
    return repo.detach(id, itemOrigin(row.item_id!, item), deletion);
  });
}

const itemOrigin = (id: number, item: { type: string; title: string } | undefined): FileOrigin => ({
  kind: 'item',
  id,
  type: item?.type ?? 'media',
  title: item?.title ?? '',
});

const recordOrigin = (
  id: number,
  record: { title: string; number: string } | undefined,
): FileOrigin => ({
  kind: 'record',
  id,
  type: 'record',
  title: record ? record.title || record.number : '',
});

/**
 * Hard deletion of an item: its files go to the deleted medias in the item's transaction (rows
 * and bytes kept for the retention period). Answers the storage keys to remove after the commit:
 * none, since the bytes stay; kept so callers remove bytes the same way whatever happens here.
 */
export async function deleteFilesOfItem(
  trx: Transaction<Database>,
  item: { id: number; type: string; title: string },
  deletion: FileDeletion,
): Promise<string[]> {
  await filesRepository(trx).detachOfItem(itemOrigin(item.id, item), deletion);
  return [];
}

/** Hard deletion of a record: as deleteFilesOfItem, for its audio parts. */
export async function deleteFilesOfRecord(
  trx: Transaction<Database>,
  record: { id: number; title: string; number: string },
  deletion: FileDeletion,
): Promise<string[]> {
  await filesRepository(trx).detachOfRecord(recordOrigin(record.id, record), deletion);
  return [];
}

export { removeBytes };

/** Uploads never attached within FILE_LIMITS.temporaryHours are removed (hourly pruning). */
export async function pruneTemporaryUploads(
  ctx: AppContext,
  log?: FastifyBaseLogger,
): Promise<number> {
  const before = new Date(ctx.now().getTime() - FILE_LIMITS.temporaryHours * 3_600_000);
  const keys = await filesRepository(ctx.db).deleteTemporaryBefore(before.toISOString());
  await removeBytes(ctx, keys, log);
  return keys.length;
}
