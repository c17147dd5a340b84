import type { Readable } from 'node:stream';
import { createHash, randomUUID } from 'node:crypto';
import {
  IMPORT_LIMITS,
  isItemType,
  type ImportOptions,
  type NearDuplicateDecision,
  type UiLanguage,
} from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { stampedTransaction } from '../../db/stamps.js';
import { filesRepository } from '../files/index.js';
import { findItemForUpdate, linksRepository, reviseItem, type Actor } from '../items/index.js';
import type { PageWindow } from '../../http/paginate.js';
import {
  importsDb,
  parseOptions,
  parseReport,
  presentImport,
  selectImports,
  type ImportRow,
  type RevisedItem,
} from './repository.js';
import { IMPORT_JOB } from './job.js';

/** Where the bytes of a new import come from: an upload already stored, or a server path. */
export type ImportInput =
  | { origin: 'upload'; fileName: string; storageKey: string; size: number }
  | { origin: 'path'; path: string; fileName: string };

/**
 * Streams an upload into the imports storage under a key of its own (never in memory, never
 * on one instance's disk); its key and size. Removed again when the stream fails or was cut
 * at the size limit (`truncated`), so nothing is kept of a refused upload.
 */
export async function storeImportUpload(
  ctx: AppContext,
  source: Readable & { truncated?: boolean },
): Promise<{ storageKey: string; size: number } | undefined> {
  const storageKey = `upload-${randomUUID()}`;
  try {
    await ctx.storage.imports.put(storageKey, source);
  } catch (error) {
    await ctx.storage.imports.delete(storageKey).catch(() => undefined);
    throw error;
  }
  if (source.truncated) {
    await ctx.storage.imports.delete(storageKey);
    return undefined;
  }
  return { storageKey, size: (await ctx.storage.imports.stat(storageKey))?.size ?? 0 };
}

/** Records a new import and queues its job; its id. */
export async function startImport(
  ctx: AppContext,
  input: ImportInput,
  options: ImportOptions,
  userId: number | null,
): Promise<number> {
  const storageKey = input.origin === 'upload' ? input.storageKey : null;
  const size = input.origin === 'upload' ? input.size : null;
  const row = await importsDb(ctx.db)
    .insertInto('imports')
    .values({
      source_kind: null,
      origin: input.origin,
      file_name: input.fileName,
      storage_key: storageKey,
      source_path: input.origin === 'path' ? input.path : null,
      size,
      received: size ?? 0,
      // Asked with `preview`, the job reads the source through first and waits for `start`.
      status: options.preview ? 'analysing' : 'queued',
      options: JSON.stringify(options),
      report: JSON.stringify(parseReport({ report: '{}' })),
      job_id: null,
      created_by: userId,
      created_at: ctx.now().toISOString(),
      finished_at: null,
      undone_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const jobId = await ctx.jobs.enqueue(
    IMPORT_JOB,
    { importId: row.id },
    { key: `${IMPORT_JOB}:${row.id}` },
  );
  await importsDb(ctx.db)
    .updateTable('imports')
    .set({ job_id: jobId })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

/**
 * Starts an import that waited on its preview (`ready`) with the answers chosen there, merged
 * into its options: queued, then run by its job. False when it was not `ready` any more (started
 * meanwhile, or discarded): nothing changed.
 */
export async function startPreviewed(
  ctx: AppContext,
  row: ImportRow,
  answers: Partial<ImportOptions>,
): Promise<boolean> {
  const options: ImportOptions = { ...parseOptions(row), ...answers };
  const updated = await importsDb(ctx.db)
    .updateTable('imports')
    .set({ status: 'queued', options: JSON.stringify(options) })
    .where('id', '=', row.id)
    .where('status', '=', 'ready')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  // A key of its own: the analysis's job may still be finishing under the import's first key.
  const jobId = await ctx.jobs.enqueue(
    IMPORT_JOB,
    { importId: row.id },
    { key: `${IMPORT_JOB}:${row.id}:run` },
  );
  await importsDb(ctx.db)
    .updateTable('imports')
    .set({ job_id: jobId })
    .where('id', '=', row.id)
    .execute();
  return true;
}

/**
 * The titles of the first items of each type an import created, in one query: what its report
 * links to reads as the items themselves.
 */
export async function createdTitles(
  ctx: AppContext,
  created: Record<string, number[]>,
): Promise<Record<string, string>> {
  const ids = Object.entries(created)
    .filter(([type]) => isItemType(type))
    .flatMap(([, list]) => list.slice(0, IMPORT_LIMITS.titledPerType));
  if (!ids.length) return {};
  const rows = await ctx.db
    .selectFrom('items')
    .select(['id', 'title'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return Object.fromEntries(rows.map((row) => [String(row.id), row.title]));
}

/** Whose imports a reader sees: their own, or (admins) everyone's. */
export type ImportViewer = { userId: number; admin: boolean };

export async function findImport(ctx: AppContext, id: number, viewer: ImportViewer) {
  let query = selectImports(ctx.db).where('imports.id', '=', id);
  if (!viewer.admin) query = query.where('imports.created_by', '=', viewer.userId);
  return (await query.executeTakeFirst()) as (ImportRow & { user_name: string | null }) | undefined;
}

export async function listImports(
  ctx: AppContext,
  viewer: ImportViewer,
  window: PageWindow,
  language: UiLanguage,
) {
  let rows = selectImports(ctx.db);
  let count = importsDb(ctx.db)
    .selectFrom('imports')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  if (!viewer.admin) {
    rows = rows.where('imports.created_by', '=', viewer.userId);
    count = count.where('imports.created_by', '=', viewer.userId);
  }
  const [data, total] = await Promise.all([
    rows.orderBy('imports.id', 'desc').limit(window.limit).offset(window.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return {
    window,
    total: Number(total.n),
    data: data.map((row) =>
      presentImport(row as ImportRow & { user_name: string | null }, language),
    ),
  };
}

/** Why a near-duplicate's review is refused: no such pair, or the import is not done, or reviewed. */
export type ReviewRefusal = 'missing' | 'not_done' | 'decided';

/**
 * Records how the user reviewed the near-duplicate pair of `itemId` (the new picture) on the
 * import's report, moving the new picture to the trash when `trashed`, in one transaction: the
 * report shows the pair as reviewed after a reload. A pair is reviewed once.
 */
export async function reviewNearDuplicate(
  ctx: AppContext,
  id: number,
  itemId: number,
  decision: NearDuplicateDecision,
): Promise<ReviewRefusal | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const imports = importsDb(trx);
    let query = imports.selectFrom('imports').select(['status', 'report']).where('id', '=', id);
    // Two reviews of the same import at once: the second reads the first's.
    if (ctx.dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) return 'missing';
    const report = parseReport(row);
    const pair = report.near_duplicates.find((entry) => entry.item_id === itemId);
    if (!pair) return 'missing';
    if (row.status !== 'done') return 'not_done';
    if (pair.decision) return 'decided';
    pair.decision = decision;
    if (decision === 'trashed') {
      await trx
        .updateTable('items')
        .set({ deleted_at: ctx.now().toISOString() })
        .where('id', '=', itemId)
        .where('deleted_at', 'is', null)
        .execute();
    }
    await imports
      .updateTable('imports')
      .set({ report: JSON.stringify(report) })
      .where('id', '=', id)
      .execute();
    return undefined;
  });
}

/**
 * Puts back what the import changed in items of earlier imports: the files it attached to them
 * (a Takeout's edited copy of a picture imported before, a chat day's new attachments) go to the
 * deleted medias, the albums it linked them to are unlinked, a chat day it extended is revised
 * back to its content and authors before, and the identities it claimed there are forgotten, so
 * that importing again does it anew.
 */
async function undoChanges(
  ctx: AppContext,
  trx: Transaction<Database>,
  row: ImportRow,
  created: Set<number>,
  actor: Actor,
  now: string,
): Promise<number> {
  const identities = importsDb(trx);
  const changedSince = await editedSince(
    trx,
    (parseReport(row).revised ?? []).filter((entry) => !created.has(entry.item_id)),
  );
  const attached = (
    await identities
      .selectFrom('import_identities')
      .select(['id', 'file_id', 'item_id'])
      .where('import_id', '=', row.id)
      .where('file_id', 'is not', null)
      .execute()
  ).filter(
    (identity) => !created.has(identity.item_id) && !changedSince.kept.has(identity.item_id),
  );
  const revised = changedSince.revised;
  const files = [
    ...attached.map((identity) => identity.file_id!),
    ...revised.flatMap((entry) => entry.files),
  ];
  const deletion = { at: now, by: actor.id };
  for (const file of files.length
    ? await trx
        .selectFrom('files')
        .innerJoin('items', 'items.id', 'files.item_id')
        .select(['files.id', 'files.item_id', 'items.type', 'items.title'])
        .where('files.id', 'in', files)
        .where('files.deleted_at', 'is', null)
        .execute()
    : []) {
    const origin = { kind: 'item' as const, id: file.item_id!, type: file.type, title: file.title };
    await filesRepository(trx).detach(file.id, origin, deletion);
  }
  for (let i = 0; i < attached.length; i += 500) {
    const slice = attached.slice(i, i + 500).map((identity) => identity.id);
    await identities.deleteFrom('import_identities').where('id', 'in', slice).execute();
  }
  for (const entry of revised) {
    await identities
      .deleteFrom('import_identities')
      .where('import_id', '=', row.id)
      .where('item_id', '=', entry.item_id)
      .execute();
    if (entry.categories?.length) {
      // The albums it put an earlier picture in (as an `-edited` copy's, or an album's copy).
      await trx
        .deleteFrom('item_categories')
        .where('item_id', '=', entry.item_id)
        .where('category_id', 'in', entry.categories)
        .execute();
    }
    const current = await findItemForUpdate(trx, ctx.dialect, entry.item_id);
    if (!current || !entry.revision_id) continue;
    const revision = await trx
      .selectFrom('item_revisions')
      .select('data')
      .where('id', '=', entry.revision_id)
      .where('item_id', '=', entry.item_id)
      .executeTakeFirst();
    if (!revision) continue;
    const before = JSON.parse(revision.data) as { content: string; from: number[] };
    const links = await linksRepository(trx).idsOf(entry.item_id);
    const from = await liveParticipants(trx, before.from);
    await reviseItem(trx, ctx, current, links, { content: before.content, from }, actor);
  }
  return changedSince.kept.size;
}

/**
 * Splits the items an import changed into those undo puts back and those edited by hand since
 * (their content is no longer what the import left): these are kept as they are now, with the
 * files and lines the import gave them, rather than lose what someone wrote after it.
 */
async function editedSince(trx: Transaction<Database>, entries: RevisedItem[]) {
  const watched = entries.filter((entry) => entry.content_sha256);
  const rows = watched.length
    ? await trx
        .selectFrom('items')
        .select(['id', 'content'])
        .where(
          'id',
          'in',
          watched.map((entry) => entry.item_id),
        )
        .execute()
    : [];
  const now = new Map(
    rows.map((item) => [item.id, createHash('sha256').update(item.content).digest('hex')]),
  );
  const kept = new Set(
    watched
      .filter((entry) => now.has(entry.item_id) && now.get(entry.item_id) !== entry.content_sha256)
      .map((entry) => entry.item_id),
  );
  return { revised: entries.filter((entry) => !kept.has(entry.item_id)), kept };
}

/** Those of `ids` still in the archive (a participant deleted since is not linked again). */
async function liveParticipants(trx: Transaction<Database>, ids: number[]) {
  if (!ids.length) return [];
  const rows = await trx.selectFrom('participants').select('id').where('id', 'in', ids).execute();
  return rows.map((participant) => participant.id);
}

/**
 * Sends everything the import created to the trash in one transaction, puts back what it
 * changed in earlier imports' items, and marks it undone there too: all of it or nothing.
 * Entries already in the trash (or deleted for good) are left as they are; restoring from the
 * trash works as for any entry. Categories, tags and participants it created stay.
 */
export async function undoImport(
  ctx: AppContext,
  row: ImportRow,
  actor: Actor,
): Promise<{ kept: number }> {
  const created = Object.entries(parseReport(row).created);
  // Every item type it created (media, mails, messages); categories and tags stay.
  const items = created.filter(([type]) => isItemType(type)).flatMap(([, ids]) => ids);
  const ids = [...new Set(items)].sort((a, b) => a - b);
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const now = ctx.now().toISOString();
    const kept = await undoChanges(ctx, trx, row, new Set(ids), actor, now);
    if (ids.length) {
      await trx
        .updateTable('items')
        .set({ deleted_at: now })
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
    }
    await importsDb(trx)
      .updateTable('imports')
      .set({ status: 'undone', undone_at: now })
      .where('id', '=', row.id)
      .execute();
    return { kept };
  });
}
