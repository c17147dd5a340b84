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
import { filesRepository, isTemporary, keysOf, presentFile, type FileOwner } from './repository.js';
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
) => Promise<{ id: number; type: string } | undefined>;
export type RecordLookup = (
  trx: Transaction<Database>,
  id: number,
) => Promise<{ id: number } | undefined>;
export interface OwnerLookups {
  item: ItemLookup;
  record: RecordLookup;
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

/** Detaches and removes one attached file (rows first; the bytes once that is committed). */
export async function deleteFile(
  ctx: AppContext,
  id: number,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  const repo = filesRepository(ctx.db);
  const row = await repo.find(id);
  if (!row || isTemporary(row)) return false;
  await repo.delete(row.id);
  await removeBytes(ctx, keysOf([row]), log);
  return true;
}

/**
 * Hard deletion of an item: its file rows go in the item's transaction; the returned storage
 * keys are removed by the caller after the commit, so a rollback never loses bytes.
 */
export function deleteFilesOfItem(trx: Transaction<Database>, itemId: number): Promise<string[]> {
  return filesRepository(trx).deleteOfItem(itemId);
}

/** Hard deletion of a record: as deleteFilesOfItem, for its audio parts. */
export function deleteFilesOfRecord(
  trx: Transaction<Database>,
  recordId: number,
): Promise<string[]> {
  return filesRepository(trx).deleteOfRecord(recordId);
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
