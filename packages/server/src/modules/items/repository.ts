import type { ItemSort, ItemType } from '@kinfolio/contract';
import {
  sql,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database, ItemsTable } from '../../db/schema.js';
import { linkScope, type ListFilter } from './link-scope.js';
import { byMonths, monthStart, MONTHS_FROM } from './list-months.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type ItemRow = Selectable<ItemsTable>;
export type ItemChanges = Omit<Updateable<ItemsTable>, 'id' | 'type' | 'created_at'>;
export type NewItem = Omit<ItemRow, 'id' | 'revisions_count' | 'created_by' | 'created_by_name'> &
  Partial<Pick<ItemRow, 'created_by' | 'created_by_name'>>;

export type { ListFilter, TrashView } from './link-scope.js';

/** The columns of a list row: everything but the (possibly large) content and its plain text. */
const ROW_COLUMNS = [
  'i.id',
  'i.type',
  'i.title',
  'i.date',
  'i.language',
  'i.original_language',
  'i.parent_id',
  'i.status',
  'i.created_at',
  'i.updated_at',
  'i.deleted_at',
  'i.preview',
  'i.revisions_count',
  'i.fields',
  'i.place_id',
] as const;
export type ItemListRecord = Pick<
  ItemRow,
  | 'id'
  | 'type'
  | 'title'
  | 'date'
  | 'language'
  | 'original_language'
  | 'parent_id'
  | 'status'
  | 'created_at'
  | 'updated_at'
  | 'deleted_at'
  | 'preview'
  | 'revisions_count'
  | 'fields'
  | 'place_id'
> & { plain?: string };

export interface FamilyMember {
  id: number;
  type: string;
  parent_id: number | null;
  language: string;
  title: string;
  preview: string;
  plain: string;
  deleted_at: string | null;
}

/**
 * Whether the item `i` stands for its story (an original and its translations) in a list of one
 * entry per story: its version in `language`, else the original, or with the original in the
 * trash, the oldest live translation. Each test is a lookup in the (parent_id, language) index.
 */
function storyRepresentative(language: string) {
  return sql<boolean>`(
    i.language = ${language}
    or (
      i.parent_id is null and not exists (
        select 1 from items t
        where t.parent_id = i.id and t.language = ${language} and t.deleted_at is null
      )
    )
    or (
      i.parent_id is not null
      and not exists (select 1 from items o where o.id = i.parent_id and o.deleted_at is null)
      and not exists (
        select 1 from items t
        where t.parent_id = i.parent_id and t.deleted_at is null
          and (t.language = ${language} or t.id < i.id)
      )
    )
  )`;
}

/** The filters of a list that are not its type or trash view. */
export type ItemNarrowing = Pick<
  ListFilter,
  'language' | 'dateFrom' | 'dateBefore' | 'categorySets' | 'participantIds' | 'tagIds'
>;

/**
 * A query on `items as i` narrowed by language, date range and links (category subtrees,
 * participants, tags): what every list applies, and the planning's aggregates too.
 */
export function narrowItems<O>(
  query: SelectQueryBuilder<Database & { i: ItemsTable }, 'i', O>,
  filter: ItemNarrowing,
): SelectQueryBuilder<Database & { i: ItemsTable }, 'i', O> {
  if (filter.language) query = query.where('i.language', '=', filter.language);
  if (filter.dateFrom !== undefined) query = query.where('i.date', '>=', filter.dateFrom);
  if (filter.dateBefore !== undefined) query = query.where('i.date', '<', filter.dateBefore);
  for (const ids of filter.categorySets ?? []) {
    query = query.where('i.id', 'in', (eb) =>
      eb.selectFrom('item_categories').select('item_id').where('category_id', 'in', ids),
    );
  }
  for (const id of filter.participantIds ?? []) {
    query = query.where('i.id', 'in', (eb) =>
      eb.selectFrom('item_participants').select('item_id').where('participant_id', '=', id),
    );
  }
  for (const id of filter.tagIds ?? []) {
    query = query.where('i.id', 'in', (eb) =>
      eb.selectFrom('item_tags').select('item_id').where('tag_id', '=', id),
    );
  }
  return query;
}

function filtered(db: Executor, filter: ListFilter) {
  let query = db.selectFrom('items as i').where('i.type', '=', filter.type);
  query =
    filter.view === 'live'
      ? query.where('i.deleted_at', 'is', null)
      : filter.view === 'deleted'
        ? query.where('i.deleted_at', 'is not', null)
        : query.where((eb) =>
            eb.or([eb('i.deleted_at', 'is not', null), eb('i.revisions_count', '>', 0)]),
          );
  query = narrowItems(query, filter);
  // An empty list of ids matches nothing (`in ()` is no valid SQL).
  if (filter.ids) query = query.where('i.id', 'in', filter.ids.length ? filter.ids : [0]);
  if (filter.storyLanguage && filter.view === 'live') {
    query = query.where(storyRepresentative(filter.storyLanguage));
  }
  return query;
}

/** The list order of `sort` (the id breaks ties), as columns of `items as i`. */
function listOrder(sort: ItemSort = 'newest') {
  switch (sort) {
    case 'newest':
      return [
        ['i.date', 'desc'],
        ['i.id', 'desc'],
      ] as const;
    case 'oldest':
      return [
        ['i.date', 'asc'],
        ['i.id', 'asc'],
      ] as const;
    case 'title':
      return [
        ['i.title', 'asc'],
        ['i.id', 'asc'],
      ] as const;
  }
}

export function itemsRepository(db: Executor) {
  return {
    async count(filter: ListFilter): Promise<number> {
      if (byMonths(filter)) {
        const row = await db
          .selectFrom('item_list_months')
          .select(sql<number | string | null>`sum(n)`.as('n'))
          .where('item_type', '=', filter.type)
          .$if(!!filter.language, (q) => q.where('language', '=', filter.language!))
          .executeTakeFirstOrThrow();
        return Number(row.n ?? 0);
      }
      const links = linkScope(db, filter);
      const row = await (
        links
          ? links.count()
          : filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('n'))
      ).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * One page in the filter's order (newest date first unless told). The page's ids come from
     * the list index alone (an index-only scan past `offset` entries), and only those rows are
     * read: ordering whole rows made PostgreSQL sort the whole list from the table for a deep
     * page (141 → 4 ms at page 500). A participant's, tag's or category's list takes them from
     * its link table (linkScope); a title order reads items_live_title_idx (migration 0015).
     */
    async page(filter: ListFilter, limit: number, offset: number): Promise<ItemListRecord[]> {
      const order = listOrder(filter.sort);
      type Narrow = (query: ReturnType<typeof filtered>) => ReturnType<typeof filtered>;
      const fromItems = (limit: number, offset: number, narrow: Narrow = (q) => q) =>
        order
          .reduce(
            (query, [column, direction]) => query.orderBy(column, direction),
            narrow(filtered(db, filter)).select('i.id'),
          )
          .limit(limit)
          .offset(offset);
      const rowsOf = (ids: ReturnType<typeof fromItems>) =>
        order
          .reduce(
            (query, [column, direction]) => query.orderBy(column, direction),
            db.selectFrom('items as i').innerJoin(ids.as('p'), 'p.id', 'i.id').select(ROW_COLUMNS),
          )
          .execute();
      const links = linkScope(db, filter);
      // Both give `id` in list order; the link one's extra date column is not read.
      if (links) return rowsOf(links.ids(limit, offset) as unknown as ReturnType<typeof fromItems>);
      if (!byMonths(filter) || offset < MONTHS_FROM.offset) return rowsOf(fromItems(limit, offset));

      // The walk past `offset` starts at the month of the page's first row: every row of the
      // months before it is excluded by a range of the list index, so only that month's rows
      // before the page are stepped over.
      const start = await monthStart(db, filter, offset);
      if (!start) return [];
      const { month, before, previous, nullsAfter } = start;
      const descending = filter.sort !== 'oldest';
      const within: Narrow =
        month === ''
          ? // Undated items come first (before = 0: the plain walk) or last (only they are left).
            (q) => (before === 0 ? q : q.where('i.date', 'is', null))
          : descending
            ? (q) =>
                previous === null
                  ? q
                  : previous === ''
                    ? q.where('i.date', 'is not', null)
                    : q.where('i.date', '<', previous)
            : (q) => q.where('i.date', '>=', month);
      const rows = await rowsOf(fromItems(limit, offset - before, within));
      if (rows.length === limit || !nullsAfter) return rows;
      // The page runs on past the last dated month into the undated items that follow it.
      const rest = await rowsOf(
        fromItems(limit - rows.length, 0, (q) => q.where('i.date', 'is', null)),
      );
      return [...rows, ...rest];
    },

    /** The ids of the items the filter keeps, in no order (a search's matches narrowed). */
    async idsAmong(filter: ListFilter): Promise<number[]> {
      const rows = await filtered(db, filter).select('i.id').execute();
      return rows.map((row) => Number(row.id));
    },

    /** List rows with their plain text (search hits), in the order of `ids`. */
    async rowsByIds(ids: number[]): Promise<Required<ItemListRecord>[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('items as i')
        .select([...ROW_COLUMNS, 'i.plain'])
        .where('i.id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },

    /**
     * `lock`: the row stays locked until the transaction ends (PostgreSQL; SQLite transactions
     * are serial already), so concurrent edits of one item apply one after the other.
     */
    find(id: number, lock = false): Promise<ItemRow | undefined> {
      return db
        .selectFrom('items')
        .selectAll()
        .where('id', '=', id)
        .$if(lock, (q) => q.forUpdate())
        .executeTakeFirst();
    },

    /** Every version of the families of these originals (trashed ones too, unless `live`). */
    async families(
      originalIds: number[],
      live: boolean,
      withPlain = false,
    ): Promise<FamilyMember[]> {
      if (originalIds.length === 0) return [];
      return db
        .selectFrom('items')
        .select(['id', 'type', 'parent_id', 'language', 'title', 'preview', 'deleted_at'])
        .select(withPlain ? sql<string>`plain`.as('plain') : sql<string>`''`.as('plain'))
        .where((eb) => eb.or([eb('id', 'in', originalIds), eb('parent_id', 'in', originalIds)]))
        .$if(live, (q) => q.where('deleted_at', 'is', null))
        .orderBy('id')
        .execute();
    },

    /** Languages of the live versions in the families of these originals. */
    async familyLanguages(originalIds: number[]) {
      if (originalIds.length === 0) return [];
      return db
        .selectFrom('items')
        .select(['id', 'parent_id', 'language'])
        .where((eb) => eb.or([eb('id', 'in', originalIds), eb('parent_id', 'in', originalIds)]))
        .where('deleted_at', 'is', null)
        .execute();
    },

    /** The translation of `originalId` in `language`, trashed or not, other than `exceptId`. */
    async translationIn(originalId: number, language: string, exceptId?: number) {
      return db
        .selectFrom('items')
        .select('id')
        .where('parent_id', '=', originalId)
        .where('language', '=', language)
        .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
        .executeTakeFirst();
    },

    async translationsOf(originalId: number) {
      return db
        .selectFrom('items')
        .select(['id', 'language', 'deleted_at'])
        .where('parent_id', '=', originalId)
        .orderBy('id')
        .execute();
    },

    async insert(values: NewItem): Promise<ItemRow> {
      return db.insertInto('items').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, changes: ItemChanges): Promise<void> {
      await db.updateTable('items').set(changes).where('id', '=', id).execute();
    },

    /** Sets the original of a family's translations (and their inherited original language). */
    async reparent(fromOriginal: number, toOriginal: number | null, originalLanguage: string) {
      await db
        .updateTable('items')
        .set({ parent_id: toOriginal, original_language: originalLanguage })
        .where('parent_id', '=', fromOriginal)
        .execute();
    },

    async setOriginalLanguage(originalId: number, language: string): Promise<void> {
      await db
        .updateTable('items')
        .set({ original_language: language })
        .where('parent_id', '=', originalId)
        .execute();
    },

    /** Removes the item with its revisions and links (the full-text index follows by trigger). */
    async hardDelete(id: number): Promise<void> {
      await db.deleteFrom('item_revisions').where('item_id', '=', id).execute();
      await db.deleteFrom('item_participants').where('item_id', '=', id).execute();
      await db.deleteFrom('item_tags').where('item_id', '=', id).execute();
      await db.deleteFrom('item_categories').where('item_id', '=', id).execute();
      await db.deleteFrom('items').where('id', '=', id).execute();
    },

    /* Correlation ---------------------------------------------------------------------------- */

    async countOriginals(type: ItemType): Promise<number> {
      const row = await db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('type', '=', type)
        .where('deleted_at', 'is', null)
        .where('parent_id', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page of live originals, newest first; ids from the index alone, as in `page`. */
    originals(type: ItemType, limit: number, offset: number) {
      const ids = db
        .selectFrom('items')
        .select('id')
        .where('type', '=', type)
        .where('deleted_at', 'is', null)
        .where('parent_id', 'is', null)
        .orderBy('date', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset);
      return db
        .selectFrom('items as i')
        .innerJoin(ids.as('p'), 'p.id', 'i.id')
        .select(['i.id', 'i.date', 'i.original_language', 'i.language'])
        .orderBy('i.date', 'desc')
        .orderBy('i.id', 'desc')
        .execute();
    },

    /* Search across types, grouped by original ----------------------------------------------- */

    /** Which of these items match (`match`: matchAmong for these ids). */
    async matching(match: RawBuilder<{ item_id: number }>, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom(match.as('m'))
        .select('m.item_id')
        .where('m.item_id', 'in', ids)
        .execute();
      return new Set(rows.map((row) => Number(row.item_id)));
    },
  };
}

export type ItemsRepository = ReturnType<typeof itemsRepository>;

/**
 * An item, locked until the transaction ends on PostgreSQL (SQLite serialises write transactions
 * already): the files module attaches uploads to it through this.
 */
export function findItemForUpdate(trx: Transaction<Database>, dialect: Dialect, id: number) {
  return itemsRepository(trx).find(id, dialect === 'postgres');
}
