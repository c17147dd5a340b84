import type { ItemSort, ItemType } from '@kinfolio/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Which part of the archive a list shows. */
export type TrashView = 'live' | 'deleted' | 'deletedOrRevised';

export interface ListFilter {
  type: ItemType;
  view: TrashView;
  language?: string | undefined;
  /** Each set: item ids linked to any of these categories (a category and its descendants). */
  categorySets?: number[][];
  /**
   * The category whose subtree each set of `categorySets` is, in the same order, when the sets
   * come from `subtreeIds`: a live list of one subtree then reads item_category_scopes.
   */
  categoryRoots?: number[];
  /** Items linked to every one of these participants (as sender or recipient). */
  participantIds?: number[];
  /** Items with every one of these tags. */
  tagIds?: number[];
  /** Items dated at or after this instant (ISO, UTC). */
  dateFrom?: string | undefined;
  /** Items dated before this instant (ISO, UTC). */
  dateBefore?: string | undefined;
  sort?: ItemSort;
  /** One entry per story, in this language when it has one (see storyRepresentative). */
  storyLanguage?: string | undefined;
  /** Only these items (a search's matches). */
  ids?: number[];
}

/** How many link filters (participant, tag, category subtree) a list has. */
export function linkFilterCount(filter: ListFilter): number {
  return (
    (filter.categorySets?.length ?? 0) +
    (filter.participantIds?.length ?? 0) +
    (filter.tagIds?.length ?? 0)
  );
}

/**
 * A live list of one participant, tag or category (with its descendants), no language or story
 * choice, by date: read from the link table alone, whose rows carry their item's type, date and
 * trash state (migration 0011), through its partial index of live links (a date range is a range
 * of that index too). A category's subtree reads item_category_scopes (migration 0023), one row
 * per item whatever the depth: one index range, no sort of the subtree's links, no DISTINCT.
 * Undefined for any other list.
 */
export function linkScope(db: Executor, filter: ListFilter) {
  if (filter.view !== 'live' || filter.language || filter.storyLanguage || filter.ids) {
    return undefined;
  }
  if (filter.sort === 'title' || linkFilterCount(filter) !== 1) return undefined;
  const links =
    filter.participantIds !== undefined
      ? // One person may be both sender and recipient of an item: two links, one item.
        {
          table: 'item_participants' as const,
          column: 'participant_id' as const,
          ids: filter.participantIds,
          twice: true,
        }
      : filter.tagIds !== undefined
        ? {
            table: 'item_tags' as const,
            column: 'tag_id' as const,
            ids: filter.tagIds,
            twice: false,
          }
        : filter.categorySets?.[0]
          ? filter.categoryRoots?.length === 1 && filter.categorySets.length === 1
            ? // One row per (ancestor category, item), whatever the depth (migration 0023).
              {
                table: 'item_category_scopes' as const,
                column: 'category_id' as const,
                ids: filter.categoryRoots,
                twice: false,
              }
            : {
                table: 'item_categories' as const,
                column: 'category_id' as const,
                ids: filter.categorySets[0],
                // An item in two categories of the subtree has a link to each.
                twice: filter.categorySets[0].length > 1,
              }
          : undefined;
  if (!links) return undefined;
  const { table, column, ids, twice } = links;
  const range = () =>
    db
      // The three link tables share these columns; one of them names the shape for the compiler.
      .selectFrom(`${table} as l` as 'item_tags as l')
      .where(`l.${column}` as 'l.tag_id', 'in', ids)
      .where('l.item_type', '=', filter.type)
      .where('l.item_live', '=', 1)
      .$if(filter.dateFrom !== undefined, (q) => q.where('l.item_date', '>=', filter.dateFrom!))
      .$if(filter.dateBefore !== undefined, (q) => q.where('l.item_date', '<', filter.dateBefore!));
  const direction = filter.sort === 'oldest' ? 'asc' : 'desc';
  return {
    // Distinct items grouped in index order (date, id): `count(distinct item_id)` made SQLite
    // take the (participant_id, item_id) index and read every link row (90 ms instead of 4).
    count: () =>
      twice
        ? db
            .selectFrom(range().select('l.item_id').groupBy(['l.item_date', 'l.item_id']).as('d'))
            .select((eb) => eb.fn.countAll<number>().as('n'))
        : range().select((eb) => eb.fn.countAll<number>().as('n')),
    ids: (limit: number, offset: number) =>
      range()
        .select(['l.item_id as id', 'l.item_date'])
        .$if(twice, (q) => q.distinct())
        .orderBy('l.item_date', direction)
        .orderBy('l.item_id', direction)
        .limit(limit)
        .offset(offset),
  };
}
