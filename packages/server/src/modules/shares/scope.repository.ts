import { shareItemType } from '@kinfolio/contract';
import { sql, type Selectable } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { ItemsTable, RecordsTable } from '../../db/schema.js';
import { filesRepository, type FileRow } from '../files/index.js';
import { matchAmong } from '../items/index.js';
import { recordMatches } from '../records/index.js';
import { sharesDb, type ShareRow, type SharesExecutor } from './repository.js';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export type ItemRow = Selectable<ItemsTable>;
export type RecordRow = Selectable<RecordsTable>;

/** A row of a list share, in list order. */
export interface ScopeEntry {
  kind: 'item' | 'record';
  id: number;
}

/**
 * What a share lets through, as SQL: the one place that says which items, records and files a
 * link reaches. Every public route reads through it.
 * - The items and records a link names directly, live (not in the trash): one item or record, a
 *   category's subtree (item_category_scopes, so it follows the tree and its links as they change),
 *   what a participant is linked to or heard in, what a tag is on, a selection's entries.
 * - An item reached: one named directly, or, when the link includes translations, a live version
 *   of the same story as one named directly.
 * - A file reached: a live file of an item or record reached (never a temporary upload or a
 *   deleted media, which belong to neither).
 */
export function shareScope(
  executor: Kysely<Database> | Transaction<Database>,
  dialect: Dialect,
  share: ShareRow,
) {
  const db: SharesExecutor = sharesDb(executor);
  const itemType = shareItemType(share.target_type);

  /** The ids of the items named directly, as a subquery; undefined when it names none. */
  function directItems() {
    switch (share.target_type) {
      case 'records':
        return undefined;
      case 'categories':
        return db
          .selectFrom('item_category_scopes')
          .select('item_id as id')
          .where('category_id', '=', share.category_id ?? 0)
          .where('item_live', '=', 1);
      case 'participants':
        return db
          .selectFrom('item_participants')
          .select('item_id as id')
          .where('participant_id', '=', share.participant_id ?? 0)
          .where('item_live', '=', 1);
      case 'tags':
        return db
          .selectFrom('item_tags')
          .select('item_id as id')
          .where('tag_id', '=', share.tag_id ?? 0)
          .where('item_live', '=', 1);
      case 'selection':
        return db
          .selectFrom('share_entries as e')
          .innerJoin('items as d', 'd.id', 'e.item_id')
          .select('d.id as id')
          .where('e.share_id', '=', share.id)
          .where('d.deleted_at', 'is', null);
      default:
        return db
          .selectFrom('items as d')
          .select('d.id as id')
          .where('d.id', '=', share.item_id ?? 0)
          .where('d.type', '=', itemType ?? '')
          .where('d.deleted_at', 'is', null);
    }
  }

  /** The ids of the records named directly, as a subquery; undefined when it names none. */
  function directRecords() {
    switch (share.target_type) {
      case 'records':
        return db
          .selectFrom('records as r')
          .select('r.id as id')
          .where('r.id', '=', share.record_id ?? 0)
          .where('r.deleted_at', 'is', null);
      case 'participants':
        return db
          .selectFrom('record_people as p')
          .innerJoin('records as r', 'r.id', 'p.record_id')
          .select('r.id as id')
          .where('p.participant_id', '=', share.participant_id ?? 0)
          .where('r.deleted_at', 'is', null);
      case 'selection':
        return db
          .selectFrom('share_entries as e')
          .innerJoin('records as r', 'r.id', 'e.record_id')
          .select('r.id as id')
          .where('e.share_id', '=', share.id)
          .where('r.deleted_at', 'is', null);
      default:
        return undefined;
    }
  }

  async function item(id: number): Promise<ItemRow | undefined> {
    const direct = directItems();
    if (!direct) return undefined;
    const row = await db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const named = await db
      .selectFrom(direct.as('d'))
      .select('d.id')
      .where('d.id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (named) return row;
    if (!share.include_translations) return undefined;
    const story = row.parent_id ?? row.id;
    const sibling = await db
      .selectFrom('items as s')
      .select('s.id')
      .where('s.id', 'in', direct)
      .where((eb) => eb.or([eb('s.id', '=', story), eb('s.parent_id', '=', story)]))
      .limit(1)
      .executeTakeFirst();
    return sibling ? row : undefined;
  }

  async function record(id: number): Promise<RecordRow | undefined> {
    const direct = directRecords();
    if (!direct) return undefined;
    return db
      .selectFrom('records')
      .selectAll()
      .where('id', '=', id)
      .where('id', 'in', direct)
      .executeTakeFirst();
  }

  /**
   * A story (an original and its translations) in the list once when the link includes
   * translations: the version in the reader's language, else the original, else the oldest.
   */
  function bestOfStory(items: NonNullable<ReturnType<typeof directItems>>, language: string) {
    const rank = (alias: 'b' | 'i') =>
      sql`(case when ${sql.ref(`${alias}.language`)} = ${language} then 0 else 1 end,
        case when ${sql.ref(`${alias}.parent_id`)} is null then 0 else 1 end, ${sql.ref(`${alias}.id`)})`;
    return sql<boolean>`not exists (
      select 1 from items b
      where b.id in (${items}) and b.deleted_at is null and b.id <> i.id
        and coalesce(b.parent_id, b.id) = coalesce(i.parent_id, i.id)
        and ${rank('b')} < ${rank('i')}
    )`;
  }

  /**
   * The entries of a list share matching `words` (all when undefined), in list order: a search
   * finds every version that matches, a list shows each story once (bestOfStory).
   */
  function entries(words: string[] | undefined, language: string, itemIds?: number[]) {
    const items = directItems();
    const records = directRecords();
    let itemPart;
    if (items) {
      let query = db
        .selectFrom('items as i')
        .select([
          sql<string>`'item'`.as('kind'),
          'i.id',
          sql<string>`coalesce(i.date, i.created_at)`.as('sort_date'),
        ])
        .where('i.id', 'in', items)
        .where('i.deleted_at', 'is', null);
      if (words) {
        const matches = matchAmong(dialect, words, itemIds ?? []);
        query = query.where('i.id', 'in', sql<number>`(select item_id from ${matches} as m)`);
      } else if (share.include_translations) {
        query = query.where(bestOfStory(directItems()!, language));
      }
      itemPart = query;
    }
    let recordPart;
    if (records) {
      let query = db
        .selectFrom('records as r')
        .select([
          sql<string>`'record'`.as('kind'),
          'r.id',
          sql<string>`coalesce(r.registration_date, r.created_at)`.as('sort_date'),
        ])
        .where('r.id', 'in', records);
      if (words) {
        const matches = recordMatches(dialect, words, false);
        query = query.where('r.id', 'in', sql<number>`(select record_id from ${matches} as m)`);
      }
      recordPart = query;
    }
    if (itemPart && recordPart) return itemPart.unionAll(recordPart);
    return itemPart ?? recordPart;
  }

  return {
    share,
    item,
    record,

    /** A file reached through the share, or undefined. */
    async file(id: number): Promise<FileRow | undefined> {
      const row = await filesRepository(executor).find(id);
      if (!row || row.deleted_at !== null) return undefined;
      if (row.item_id !== null) return (await item(row.item_id)) ? row : undefined;
      if (row.record_id !== null) return (await record(row.record_id)) ? row : undefined;
      return undefined;
    },

    /**
     * One page of a list share, newest first (undated entries by when they were added), and how
     * many there are; `words` keeps those matching every word (the last one as a prefix);
     * `language` is the reader's, whose version of a story is listed.
     */
    async page(
      words: string[] | undefined,
      language: string,
      limit: number,
      offset: number,
    ): Promise<{ total: number; rows: ScopeEntry[] }> {
      // Only the SQLite search needs the ids themselves (a rowid range of the index).
      const direct = directItems();
      const itemIds =
        words && direct ? (await direct.execute()).map((row) => Number(row.id)) : undefined;
      const union = entries(words, language, itemIds);
      if (!union) return { total: 0, rows: [] };
      const [count, rows] = await Promise.all([
        db
          .selectFrom(union.as('u'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom(union.as('u'))
          .select(['u.kind', 'u.id'])
          .orderBy('u.sort_date', 'desc')
          .orderBy('u.kind')
          .orderBy('u.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return {
        total: Number(count.n),
        rows: rows.map((row) => ({ kind: row.kind as ScopeEntry['kind'], id: Number(row.id) })),
      };
    },

    /** Which of `ids` are items reached (links inside shared content are checked with it). */
    async itemsAmong(ids: number[]): Promise<Set<number>> {
      const reached = await Promise.all(ids.map(async (id) => ((await item(id)) ? id : null)));
      return new Set(reached.filter((id): id is number => id !== null));
    },
    async recordsAmong(ids: number[]): Promise<Set<number>> {
      const reached = await Promise.all(ids.map(async (id) => ((await record(id)) ? id : null)));
      return new Set(reached.filter((id): id is number => id !== null));
    },
  };
}
export type ShareScope = ReturnType<typeof shareScope>;
