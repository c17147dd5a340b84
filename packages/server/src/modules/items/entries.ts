import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { stampedTransaction } from '../../db/stamps.js';
import { fieldError, notFound } from '../../http/errors.js';
import { pageWindow, type Page } from '../../http/paginate.js';
import { removeBytes, type FileDeletion } from '../files/index.js';
import type { Actor, EntityDefinition, EntryRow, Executor, SomeEntity } from './entity.js';
import { revisionsRepository, type RevisionsTable } from './revisions.repository.js';

/*
 * What every kind of entry does alike, whatever its table: reading one, a PATCH that keeps the
 * version before it as a revision, the revisions listed newest first, the trash, and deletion
 * for good.
 */

// The machinery never reads an entry's own fields: any definition will do.
type Definition = SomeEntity;

const locks = (ctx: AppContext) => ctx.dialect === 'postgres';

/**
 * Keeps `before`, an entry's version replaced by a change, as its newest revision (in the
 * change's transaction).
 */
export async function storeRevision(
  trx: Transaction<Database>,
  of: RevisionsTable,
  entryId: number,
  actor: Actor,
  before: unknown,
  at: string,
): Promise<void> {
  await revisionsRepository(trx, of).insert({
    entry_id: entryId,
    user_id: actor.id,
    user_name: actor.name,
    data: JSON.stringify(before),
    created_at: at,
  });
}

/** One entry, in the trash or not, as its single route answers it (404: no such entry). */
export async function findEntry<Row extends EntryRow, Shown>(
  ctx: AppContext,
  def: SomeEntity<Row> & { present(db: Executor, row: Row): Promise<Shown> },
  id: number,
): Promise<Shown> {
  const row = await def.find(ctx.db, id, false);
  if (!row) throw notFound();
  return def.present(ctx.db, row);
}

/**
 * Applies a PATCH through the entity's revise (or `revise`, the same with work done before the
 * transaction): when anything changes, the previous version is kept as a revision in the same
 * transaction; a PATCH that changes nothing writes nothing. Undefined: no such entry.
 */
export async function updateEntry<
  Row extends EntryRow,
  K extends string,
  Patch extends object,
  Shown,
>(
  ctx: AppContext,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  def: EntityDefinition<Row, K, Patch, Shown, any, any>,
  id: number,
  patch: Patch,
  actor: Actor,
  revise = def.revise,
): Promise<{ entry: Shown; revision: boolean } | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const current = await def.find(trx, id, locks(ctx));
    if (!current) return undefined;
    const links = (await def.linksOf(trx, [id])).get(id)!;
    const revision = await revise(trx, ctx, current, links, patch, actor);
    return { entry: await def.present(trx, (await def.find(trx, id, false))!), revision };
  });
}

/**
 * Into the trash or out of it; trashing a trashed entry changes nothing. Undefined: no such
 * entry.
 */
export async function setEntryTrashed<Row extends EntryRow, Shown>(
  ctx: AppContext,
  def: SomeEntity<Row> & { present(db: Executor, row: Row): Promise<Shown> },
  id: number,
  trashed: boolean,
): Promise<Shown | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const current = await def.find(trx, id, locks(ctx));
    if (!current) return undefined;
    if ((current.deleted_at !== null) !== trashed) {
      await def.setDeletedAt(trx, id, trashed ? ctx.now().toISOString() : null);
    }
    return def.present(trx, (await def.find(trx, id, false))!);
  });
}

/**
 * Deletes for good, in one transaction, the entries `select` answers (undefined: none, and no
 * such entry); the bytes of their files go once the rows are gone for good.
 */
async function deleteSelected(
  ctx: AppContext,
  def: Definition,
  by: number | null,
  select: (trx: Transaction<Database>) => Promise<number[] | undefined>,
): Promise<number[] | undefined> {
  const fileKeys: string[] = [];
  const deletion: FileDeletion = { at: ctx.now().toISOString(), by };
  const deleted = await stampedTransaction(ctx.db, 'archive', async (trx) => {
    const selected = await select(trx);
    for (const id of selected ?? []) {
      // Read again: deleting one entry may change another selected one (an item's heir).
      fileKeys.push(...(await def.deleteForGood(trx, (await def.find(trx, id, false))!, deletion)));
    }
    return selected;
  });
  await removeBytes(ctx, fileKeys);
  if (deleted?.length) await def.afterDeleteForGood?.(ctx, deleted);
  return deleted;
}

/** One trashed entry deleted for good (422 when it is not in the trash); false: no such entry. */
export async function hardDeleteEntry(
  ctx: AppContext,
  def: Definition,
  id: number,
  by: number | null,
): Promise<boolean> {
  const deleted = await deleteSelected(ctx, def, by, async (trx) => {
    const current = await def.find(trx, id, locks(ctx));
    if (!current) return undefined;
    if (current.deleted_at === null) throw fieldError('id', def.messages.notInTrash);
    return [id];
  });
  return deleted !== undefined;
}

/**
 * Deletes entries for good in one transaction: the selected ones (422 unless every one is an
 * entry of this kind in the trash), or with `ids` null the whole trash. Answers the ids deleted.
 */
export async function deleteEntriesForGood(
  ctx: AppContext,
  def: Definition,
  ids: number[] | null,
  by: number | null,
): Promise<number[]> {
  const deleted = await deleteSelected(ctx, def, by, async (trx) => {
    if (ids === null) return def.trashIds(trx, locks(ctx));
    const selected = [...new Set(ids)].sort((a, b) => a - b);
    const rows = await def.findMany(trx, selected, locks(ctx));
    if (rows.length !== selected.length) throw fieldError('ids', def.messages.unknown);
    if (rows.some((row) => row.deleted_at === null)) {
      throw fieldError('ids', def.messages.notInTrash);
    }
    return selected;
  });
  return deleted ?? [];
}

/** An entry's revisions, newest first, each with the current names of what it links to. */
export async function listEntryRevisions<Revision>(
  ctx: AppContext,
  def: SomeEntity,
  id: number,
  query: { page: number; per_page: number },
): Promise<Page<Revision>> {
  if (!(await def.find(ctx.db, id, false))) throw notFound();
  const window = pageWindow(query);
  const revisions = revisionsRepository(ctx.db, def.revisions);
  const [total, rows] = await Promise.all([
    revisions.count(id),
    revisions.page(id, window.limit, window.offset),
  ]);
  const parsed = rows.map((row) => ({ row, data: JSON.parse(row.data) as unknown }));
  const names = await def.revisionNames(
    ctx.db,
    parsed.map((p) => p.data),
  );
  const data = parsed.map(({ row, data }) => ({
    id: row.id,
    [def.revisions.key]: row.entry_id,
    user: { id: row.user_id, name: row.user_name },
    created_at: row.created_at,
    data,
    names: names(data),
  }));
  // The entry's column is the revision's `item_id` or `record_id`, as the entity's routes name it.
  return { window, total, data: data as Revision[] };
}
