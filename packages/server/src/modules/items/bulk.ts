import type { ContentLanguage, ItemStatus, PlaceValue } from '@kinfolio/contract';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { stampedTransaction } from '../../db/stamps.js';
import { fieldError, FieldValidationError } from '../../http/errors.js';
import { say, type MessageKey } from '../../i18n/translate.js';
import type {
  Actor,
  BulkFields,
  EntityDefinition,
  EntryRow,
  LinkSets,
  SomeEntity,
} from './entity.js';
import { placesByIds, placeValue, samePlace } from '../places/index.js';
import { deleteEntriesForGood } from './entries.js';
import { sameIds, sortedIds } from './links.repository.js';

/**
 * Bulk actions on selected entries of one kind (items of one type, records): each is one
 * transaction, so a refusal anywhere (an unknown id, a missing tag, a language already taken in
 * a family) changes nothing. Entries already as asked are left alone and not counted. Content
 * changes go through the entity's own revision logic, one revision per changed entry, as a
 * single edit would.
 *
 * Undo: the answer carries a `revert` request with the previous value of what changed, per
 * entry; sending it back puts those entries back (with revisions of their own) and answers the
 * redo.
 */

/** One entry's earlier state in an undo: the fields the action changed, and its trash state. */
export type UndoEntry<K extends string> = { id: number; trashed?: boolean } & BulkFields<K>;

/** The bulk request of an entity whose links are of the kinds `K` (the contract's bodies). */
export type BulkRequest<K extends string> =
  | { action: 'link' | 'unlink'; ids: number[]; kind: K; values: number[] }
  | { action: 'language'; ids: number[]; language: ContentLanguage }
  | { action: 'status'; ids: number[]; status: ItemStatus }
  | { action: 'place'; ids: number[]; place: PlaceValue | null }
  | { action: 'trash' | 'restore'; ids: number[] }
  | { action: 'revert'; items: UndoEntry<K>[] };

export interface BulkOutcome<K extends string> {
  key: MessageKey;
  ids: number[];
  undo: { action: 'revert'; items: UndoEntry<K>[] } | null;
}

const locks = (ctx: AppContext) => ctx.dialect === 'postgres';

/** Moves an entry in or out of the trash; false when it already is where asked. */
async function setTrash<Row extends EntryRow>(
  trx: Transaction<Database>,
  ctx: AppContext,
  def: SomeEntity<Row>,
  row: Row,
  trashed: boolean,
) {
  if ((row.deleted_at !== null) === trashed) return false;
  await def.setDeletedAt(trx, row.id, trashed ? ctx.now().toISOString() : null);
  return true;
}

/** Link, unlink, language, status, trash, restore or revert, on entries of one kind. */
export async function runBulk<Row extends EntryRow, K extends string, Patch extends object>(
  ctx: AppContext,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  def: EntityDefinition<Row, K, Patch, any, any, any>,
  body: BulkRequest<K>,
  actor: Actor,
): Promise<BulkOutcome<K>> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const field = body.action === 'revert' ? 'items' : 'ids';
    const ids = sortedIds(body.action === 'revert' ? body.items.map((i) => i.id) : body.ids);
    // In id order and locked: two bulk writers never wait on each other.
    const rows = await def.findMany(trx, ids, locks(ctx));
    if (rows.length !== ids.length) throw fieldError(field, def.messages.unknown);
    if (body.action === 'link') {
      if ((await def.missingLinks(trx, body.kind, sortedIds(body.values))).length) {
        throw new FieldValidationError({ values: [def.messages.linkMissing[body.kind]] });
      }
    }
    const links = await def.linksOf(trx, ids);
    const places = await placesByIds(
      trx,
      rows.map((row) => row.place_id),
    );
    const placeOf = (row: Row) =>
      row.place_id === null ? null : placeValue(places.get(row.place_id));
    const changed: number[] = [];
    const undo: UndoEntry<K>[] = [];

    /** The fields of an entry that `fields` names, as they are now. */
    const previousValues = (row: Row, before: LinkSets<K>, fields: BulkFields<K>) => {
      const previous: BulkFields<K> = {};
      for (const kind of def.linkKinds) {
        if (fields[kind]) (previous as LinkSets<K>)[kind] = before[kind];
      }
      if (fields.language) previous.language = def.languageOf(row);
      if (fields.status && def.statusOf) previous.status = def.statusOf(row);
      if (fields.place !== undefined) previous.place = placeOf(row);
      return previous;
    };

    /** One entry: the PATCH it amounts to, and a trash move; remembers what undoes them. */
    async function apply(row: Row, fields: BulkFields<K>, trashed?: boolean) {
      const before = links.get(row.id)!;
      const previous = previousValues(row, before, fields);
      const revised =
        Object.keys(fields).length > 0 &&
        (await def.revise(trx, ctx, row, before, def.patchOf(fields), actor));
      const moved = trashed !== undefined && (await setTrash(trx, ctx, def, row, trashed));
      if (!revised && !moved) return;
      changed.push(row.id);
      undo.push({
        id: row.id,
        ...(revised ? previous : {}),
        ...(moved ? { trashed: !trashed } : {}),
      } as UndoEntry<K>);
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
          if (!sameIds(current, next)) {
            await apply(row, { [body.kind]: next } as BulkFields<K>);
          }
        }
        break;
      }
      case 'language':
        for (const row of rows) {
          if (def.languageOf(row) !== body.language)
            await apply(row, { language: body.language } as BulkFields<K>);
        }
        break;
      case 'status':
        for (const row of rows) {
          if (def.statusOf && def.statusOf(row) !== body.status) {
            await apply(row, { status: body.status } as BulkFields<K>);
          }
        }
        break;
      case 'place':
        for (const row of rows) {
          if (!samePlace(placeOf(row), body.place)) {
            await apply(row, { place: body.place } as BulkFields<K>);
          }
        }
        break;
      case 'trash':
      case 'restore':
        for (const row of rows) await apply(row, {}, body.action === 'trash');
        break;
      case 'revert':
        for (const item of body.items) {
          const { id, trashed, ...fields } = item;
          const set = Object.fromEntries(
            Object.entries(fields).filter(([, value]) => value !== undefined),
          ) as BulkFields<K>;
          await apply(byId.get(id)!, set, trashed);
        }
        break;
    }
    const keys = def.messages.bulk;
    const key =
      body.action === 'trash'
        ? keys.trashed
        : body.action === 'restore'
          ? keys.restored
          : body.action === 'revert'
            ? keys.reverted
            : keys.changed;
    return { key, ids: changed, undo: changed.length ? { action: 'revert', items: undo } : null };
  });
}

/**
 * Deletes entries of one kind for good, in one transaction: the selected ones, which must all be
 * in the trash (422 otherwise), or with `ids` null the whole trash of the kind. No undo.
 */
export async function deleteBulkForGood<K extends string>(
  ctx: AppContext,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  def: SomeEntity<any, K>,
  ids: number[] | null,
  by: number | null = null,
): Promise<BulkOutcome<K>> {
  const deleted = await deleteEntriesForGood(ctx, def, ids, by);
  return { key: def.messages.bulk.hardDeleted, ids: deleted, undo: null };
}

/** A bulk answer: its message (how many changed), which changed, and the undo. */
export function bulkAnswer<K extends string>(request: FastifyRequest, outcome: BulkOutcome<K>) {
  return {
    message: say(request, outcome.key, { count: outcome.ids.length }),
    changed: outcome.ids.length,
    ids: outcome.ids,
    undo: outcome.undo,
  };
}
