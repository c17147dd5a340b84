import { FILE_LIMITS, type AttachedFile, type FileOwnerType } from '@kinfolio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { stampedTransaction } from '../../db/stamps.js';
import { fieldError, notFound } from '../../http/errors.js';
import { filesRepository, keysOf, presentFile } from './repository.js';
import { removeBytes } from './upload.js';

/**
 * Reads the item uploads are attached to, locked until the transaction ends so that a concurrent
 * hard delete waits. The items module owns that table and depends on this one (it shows and
 * deletes an item's files), so app.ts hands the lookup in instead of this module importing items
 * back, which would close a cycle.
 */
export type ItemLookup = (
  trx: Transaction<Database>,
  id: number,
) => Promise<{ id: number; type: string } | undefined>;

/**
 * `addfilepond`: attaches the caller's temporary uploads to an item, all or none. Unknown,
 * expired, already attached or someone else's uploads are refused alike, so server ids cannot be
 * probed.
 */
export async function attachUploads(
  ctx: AppContext,
  input: { tokens: string[]; itemId: number; type: FileOwnerType; userId: number },
  findItem: ItemLookup,
): Promise<AttachedFile[]> {
  const tokens = [...new Set(input.tokens)];
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const item = await findItem(trx, input.itemId);
    if (!item || item.type !== input.type) throw fieldError('modelId', 'files.item_missing');
    const repo = filesRepository(trx);
    const rows = await repo.byTokens(tokens);
    const usable = rows.filter((row) => row.item_id === null && row.created_by === input.userId);
    if (usable.length !== tokens.length) throw fieldError('newmedias', 'files.unknown_upload');
    const attached = await repo.attach(
      usable.map((row) => row.id),
      item.id,
      ctx.now().toISOString(),
    );
    // A concurrent call attached one of them first: this one must not half-succeed.
    if (attached !== usable.length) throw fieldError('newmedias', 'files.unknown_upload');
    return (await repo.ofItem(item.id))
      .filter((row) => usable.some((u) => u.id === row.id))
      .map(presentFile);
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
  if (!row || row.item_id !== null || row.created_by !== userId) {
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
  if (!row || row.item_id === null) return false;
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
