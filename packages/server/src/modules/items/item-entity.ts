import type {
  BulkLinkKind,
  ContentLanguage,
  Item,
  ItemStatus,
  ItemType,
  ItemUpdateBody,
  RevisionData,
  TranslatedName,
} from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { nameOf } from '../../i18n/translated-name.js';
import type { Actor, EntityDefinition } from './entity.js';
import { findEntry, hardDeleteEntry, setEntryTrashed, updateEntry } from './entries.js';
import { LINK_KINDS, LINK_TABLES, linksRepository } from './links.repository.js';
import { presentItem } from './present.js';
import { itemsRepository, type ItemRow } from './repository.js';
import { ITEM_REVISIONS } from './revisions.repository.js';

/**
 * Where a search's snippet comes from: the text, else the title, else its scans' text (a word
 * found only in a scanned letter shows there), else the preview.
 */
export const ITEM_SNIPPET_COLUMNS = ['plain', 'title', 'scan_text'] as const;
import { contentColumns, deleteForGood, LINK_MISSING, reviseItem } from './service.js';

type Named<N> = { id: number; name: N };

/** The current names of a revision's links. */
export interface RevisionNames {
  from: Named<string>[];
  to: Named<string>[];
  tags: Named<TranslatedName>[];
  categories: Named<TranslatedName>[];
}

export type ItemEntity = EntityDefinition<
  ItemRow,
  BulkLinkKind,
  ItemUpdateBody,
  Item,
  RevisionData,
  RevisionNames
>;

/** Picks the entries of `map` named by `ids`, in that order (those still there). */
const pick = <T>(map: Map<number, T>, ids: number[]) =>
  ids.flatMap((id) => (map.has(id) ? [map.get(id)!] : []));

function definition(type: ItemType): ItemEntity {
  const ofType = (row: ItemRow | undefined) => (row && row.type === type ? row : undefined);
  return {
    messages: {
      notInTrash: 'items.not_in_trash',
      unknown: 'bulk.unknown',
      linkMissing: LINK_MISSING,
      bulk: {
        changed: 'bulk.changed',
        trashed: 'bulk.trashed',
        restored: 'bulk.restored',
        hardDeleted: 'bulk.hard_deleted',
        reverted: 'bulk.reverted',
      },
    },
    revisions: ITEM_REVISIONS,
    snippetColumns: ITEM_SNIPPET_COLUMNS,
    async revisionNames(db, data) {
      const all = (pick: (d: RevisionData) => number[]) => [...new Set(data.flatMap(pick))];
      const links = linksRepository(db);
      const [people, tags, categories] = await Promise.all([
        links.participantNames(all((d) => [...d.from, ...d.to])),
        links.tagNames(all((d) => d.tags)),
        links.categoryNames(all((d) => d.categories)),
      ]);
      const person = new Map(people.map((p) => [p.id, p]));
      const tag = new Map(tags.map((t) => [t.id, { id: t.id, name: nameOf(t) }]));
      const category = new Map(categories.map((c) => [c.id, { id: c.id, name: nameOf(c) }]));
      return (d) => ({
        from: pick(person, d.from),
        to: pick(person, d.to),
        tags: pick(tag, d.tags),
        categories: pick(category, d.categories),
      });
    },

    find: async (db, id, lock) => ofType(await itemsRepository(db).find(id, lock)),
    findMany: (db, ids, lock) =>
      db
        .selectFrom('items')
        .selectAll()
        .where('id', 'in', ids)
        .where('type', '=', type)
        .orderBy('id')
        .$if(lock, (q) => q.forUpdate())
        .execute(),
    async trashIds(db, lock) {
      const rows = await db
        .selectFrom('items')
        .select('id')
        .where('type', '=', type)
        .where('deleted_at', 'is not', null)
        .orderBy('id')
        .$if(lock, (q) => q.forUpdate())
        .execute();
      return rows.map((row) => row.id);
    },
    setDeletedAt: (db, id, at) => itemsRepository(db).update(id, { deleted_at: at }),

    linkKinds: LINK_KINDS,
    linksOf: (db, ids) => linksRepository(db).idsOfMany(ids),
    missingLinks: (db, kind, ids) => linksRepository(db).missing(LINK_TABLES[kind], ids),

    languageOf: (row) => row.language as ContentLanguage,
    statusOf: (row) => row.status as ItemStatus,
    // The bulk fields are the PATCH's own names.
    patchOf: (fields) => fields,
    revise: (trx, ctx, row, links, patch, actor) => reviseItem(trx, ctx, row, links, patch, actor),

    deleteForGood,
    present: presentItem,
  };
}

const definitions = new Map<ItemType, ItemEntity>();

/** The entity definition of one item type. */
export function itemEntity(type: ItemType): ItemEntity {
  let entity = definitions.get(type);
  if (!entity) definitions.set(type, (entity = definition(type)));
  return entity;
}

/** Soft delete (into the trash) or restore; trashing a trashed item changes nothing. */
export function setTrashed(ctx: AppContext, type: ItemType, id: number, trashed: boolean) {
  return setEntryTrashed(ctx, itemEntity(type), id, trashed);
}

/**
 * Deletes a trashed item for good with its revisions and links. An original's translations stay:
 * the oldest (live ones first) becomes the original of the others.
 */
export function hardDeleteItem(
  ctx: AppContext,
  type: ItemType,
  id: number,
  by: number | null = null,
) {
  return hardDeleteEntry(ctx, itemEntity(type), id, by);
}

/** An item of this type, in the trash or not (404 otherwise). */
export function findItem(ctx: AppContext, type: ItemType, id: number): Promise<Item> {
  return findEntry(ctx, itemEntity(type), id);
}

/**
 * Applies a PATCH (see reviseItem); the content is sanitised before the transaction. Undefined:
 * no such item.
 */
export async function updateItem(
  ctx: AppContext,
  type: ItemType,
  id: number,
  body: ItemUpdateBody,
  actor: Actor,
): Promise<{ item: Item; revision: boolean } | undefined> {
  const columns = body.content === undefined ? undefined : contentColumns(body.content);
  const result = await updateEntry(ctx, itemEntity(type), id, body, actor, (trx, ctx, row, links) =>
    reviseItem(trx, ctx, row, links, body, actor, columns),
  );
  return result && { item: result.entry, revision: result.revision };
}
