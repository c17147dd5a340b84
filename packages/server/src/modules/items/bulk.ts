import type {
  BulkBody,
  BulkLinkKind,
  BulkUndo,
  ContentLanguage,
  ItemStatus,
  ItemType,
  ItemUpdateBody,
} from '@kinfolio/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { stampedTransaction } from '../../db/stamps.js';
import { fieldError, FieldValidationError } from '../../http/errors.js';
import type { MessageKey } from '../../i18n/translate.js';
import { removeBytes } from '../files/index.js';
import { linksRepository, sortedIds, type LinkIds } from './links.repository.js';
import { itemsRepository, type ItemRow } from './repository.js';
import { deleteForGood, reviseItem, type Actor } from './service.js';

/**
 * Bulk actions on selected items of one type: each is one transaction, so a refusal anywhere
 * (an unknown id, a missing tag, a language already taken in a family) changes nothing. Items
 * already as asked are left alone and not counted. Content changes go through the items
 * service's revision logic, one revision per changed item, as a single edit would.
 *
 * Undo: the answer carries a `revert` request with the previous value of what changed, per item;
 * sending it back puts those items back (with revisions of their own) and answers the redo.
 */

type UndoItem = BulkUndo['items'][number];

export interface BulkOutcome {
  key: MessageKey;
  ids: number[];
  undo: BulkUndo | null;
}

const LINK_MISSING: Record<
  BulkLinkKind,
  { table: 'participants' | 'tags' | 'categories'; key: MessageKey }
> = {
  from: { table: 'participants', key: 'items.participant_missing' },
  to: { table: 'participants', key: 'items.participant_missing' },
  tags: { table: 'tags', key: 'items.tag_missing' },
  categories: { table: 'categories', key: 'items.category_missing' },
};

const ACTION_KEYS: Record<BulkBody['action'], MessageKey> = {
  link: 'bulk.changed',
  unlink: 'bulk.changed',
  language: 'bulk.changed',
  status: 'bulk.changed',
  trash: 'bulk.trashed',
  restore: 'bulk.restored',
  revert: 'bulk.reverted',
};

/**
 * The selected rows, in id order and locked on PostgreSQL (the order keeps two bulk writers
 * from waiting on each other); a 422 on `field` unless every id is an item of this type.
 */
async function selectedRows(
  trx: Transaction<Database>,
  ctx: AppContext,
  type: ItemType,
  ids: number[],
  field: string,
): Promise<ItemRow[]> {
  const rows = await trx
    .selectFrom('items')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
    .execute();
  if (rows.length !== ids.length || rows.some((row) => row.type !== type)) {
    throw fieldError(field, 'bulk.unknown');
  }
  return rows;
}

/** The links of many items at once, by item. */
async function linksOf(trx: Transaction<Database>, ids: number[]): Promise<Map<number, LinkIds>> {
  const [people, tags, categories] = await Promise.all([
    trx
      .selectFrom('item_participants')
      .select(['item_id', 'participant_id', 'role'])
      .where('item_id', 'in', ids)
      .execute(),
    trx.selectFrom('item_tags').select(['item_id', 'tag_id']).where('item_id', 'in', ids).execute(),
    trx
      .selectFrom('item_categories')
      .select(['item_id', 'category_id'])
      .where('item_id', 'in', ids)
      .execute(),
  ]);
  const byItem = new Map<number, LinkIds>(
    ids.map((id) => [id, { from: [], to: [], tags: [], categories: [] }]),
  );
  for (const p of people) {
    if (p.role === 'from' || p.role === 'to') byItem.get(p.item_id)![p.role].push(p.participant_id);
  }
  for (const t of tags) byItem.get(t.item_id)!.tags.push(t.tag_id);
  for (const c of categories) byItem.get(c.item_id)!.categories.push(c.category_id);
  for (const links of byItem.values()) {
    for (const kind of ['from', 'to', 'tags', 'categories'] as const) {
      links[kind] = sortedIds(links[kind]);
    }
  }
  return byItem;
}

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** Moves an item in or out of the trash; false when it already is where asked. */
async function setTrash(
  trx: Transaction<Database>,
  ctx: AppContext,
  row: ItemRow,
  trashed: boolean,
) {
  if ((row.deleted_at !== null) === trashed) return false;
  await itemsRepository(trx).update(row.id, {
    deleted_at: trashed ? ctx.now().toISOString() : null,
  });
  return true;
}

/** The fields of an item that a revert or an undo names, as they are now. */
function previousValues(row: ItemRow, links: LinkIds, body: ItemUpdateBody): Omit<UndoItem, 'id'> {
  const previous: Omit<UndoItem, 'id'> = {};
  for (const kind of ['from', 'to', 'tags', 'categories'] as const) {
    if (body[kind]) previous[kind] = links[kind];
  }
  if (body.language) previous.language = row.language as ContentLanguage;
  if (body.status) previous.status = row.status as ItemStatus;
  return previous;
}

/** Link, unlink, language, status, trash, restore or revert, on items of one type. */
export async function runBulk(
  ctx: AppContext,
  type: ItemType,
  body: BulkBody,
  actor: Actor,
): Promise<BulkOutcome> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const field = body.action === 'revert' ? 'items' : 'ids';
    const ids = sortedIds(body.action === 'revert' ? body.items.map((i) => i.id) : body.ids);
    const rows = await selectedRows(trx, ctx, type, ids, field);
    if (body.action === 'link') {
      const check = LINK_MISSING[body.kind];
      if ((await linksRepository(trx).missing(check.table, sortedIds(body.values))).length) {
        throw new FieldValidationError({ values: [check.key] });
      }
    }
    const links = await linksOf(trx, ids);
    const changed: number[] = [];
    const undo: UndoItem[] = [];

    /** One item: the PATCH it amounts to, and a trash move; remembers what undoes them. */
    async function apply(row: ItemRow, patch: ItemUpdateBody, trashed?: boolean) {
      const before = links.get(row.id)!;
      const previous = previousValues(row, before, patch);
      const revised =
        Object.keys(patch).length > 0 && (await reviseItem(trx, ctx, row, before, patch, actor));
      const moved = trashed !== undefined && (await setTrash(trx, ctx, row, trashed));
      if (!revised && !moved) return;
      changed.push(row.id);
      undo.push({
        id: row.id,
        ...(revised ? previous : {}),
        ...(moved ? { trashed: !trashed } : {}),
      });
    }

    const byId = new Map(rows.map((row) => [row.id, row]));
    switch (body.action) {
      case 'link':
      case 'unlink': {
        const values = new Set(body.values);
        for (const row of rows) {
          const current = links.get(row.id)![body.kind];
          const next =
            body.action === 'link'
              ? sortedIds([...current, ...values])
              : current.filter((id) => !values.has(id));
          if (!sameIds(current, next)) await apply(row, { [body.kind]: next });
        }
        break;
      }
      case 'language':
        for (const row of rows) {
          if (row.language !== body.language) await apply(row, { language: body.language });
        }
        break;
      case 'status':
        for (const row of rows) {
          if (row.status !== body.status) await apply(row, { status: body.status });
        }
        break;
      case 'trash':
      case 'restore':
        for (const row of rows) await apply(row, {}, body.action === 'trash');
        break;
      case 'revert':
        for (const item of body.items) {
          const { id, trashed, ...fields } = item;
          const patch = Object.fromEntries(
            Object.entries(fields).filter(([, value]) => value !== undefined),
          ) as ItemUpdateBody;
          await apply(byId.get(id)!, patch, trashed);
        }
        break;
    }
    return {
      key: ACTION_KEYS[body.action],
      ids: changed,
      undo: changed.length ? { action: 'revert', items: undo } : null,
    };
  });
}

/**
 * Deletes items of one type for good, in one transaction: the selected ones, which must all be in
 * the trash (422 otherwise), or with `ids` null the whole trash of the type. No undo.
 */
export async function deleteBulkForGood(
  ctx: AppContext,
  type: ItemType,
  ids: number[] | null,
  by: number | null = null,
): Promise<BulkOutcome> {
  const fileKeys: string[] = [];
  const deletion = { at: ctx.now().toISOString(), by };
  const deleted = await stampedTransaction(ctx.db, 'archive', async (trx) => {
    let selected: number[];
    if (ids === null) {
      const trash = await trx
        .selectFrom('items')
        .select('id')
        .where('type', '=', type)
        .where('deleted_at', 'is not', null)
        .orderBy('id')
        .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
        .execute();
      selected = trash.map((row) => row.id);
    } else {
      selected = sortedIds(ids);
      const rows = await selectedRows(trx, ctx, type, selected, 'ids');
      if (rows.some((row) => row.deleted_at === null))
        throw fieldError('ids', 'items.not_in_trash');
    }
    const repo = itemsRepository(trx);
    for (const id of selected) {
      // Read again: deleting an original hands its translations to an heir, maybe selected too.
      fileKeys.push(...(await deleteForGood(trx, (await repo.find(id))!, deletion)));
    }
    return selected;
  });
  // The bytes go only once the rows are gone for good.
  await removeBytes(ctx, fileKeys);
  return { key: 'bulk.hard_deleted', ids: deleted, undo: null };
}
