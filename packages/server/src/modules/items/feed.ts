import {
  type HistoryEntry,
  type HistoryFeedQuery,
  type HistoryType,
  type ItemType,
} from '@kinfolio/contract';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { pageWindow, type Page } from '../../http/paginate.js';

type Entity = 'items' | 'records';

/** One change as the feed's union reads it, from whichever entity's tables. */
interface FeedRow {
  entity: Entity;
  kind: string;
  entry_id: number;
  revision_id: number | null;
  at: string;
  user_id: number | null;
  user_name: string | null;
}

const NO_ID = sql<number | null>`cast(null as integer)`;

/** One side of the feed: how many changes it holds, and its newest `n`, newest first. */
interface Side {
  count(): Promise<number>;
  newest(n: number): SelectQueryBuilder<Database, never, FeedRow>;
}

/** A side from its query and the alias of the table whose `created_at` and `id` order it. */
// The four tables' queries differ in type only by their aliases and column origins.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function side(query: SelectQueryBuilder<any, any, FeedRow>, table: 'e' | 'r'): Side {
  return {
    count: () =>
      query
        .clearSelect()
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
        .then((row: { n: number }) => Number(row.n)),
    newest: (n) =>
      query
        .orderBy(sql.ref(`${table}.created_at`), 'desc')
        .orderBy(sql.ref(`${table}.id`), 'desc')
        .limit(n) as unknown as SelectQueryBuilder<Database, never, FeedRow>,
  };
}

/** The creations of an entity's entries (of one item type when `type` is one). */
function creations(db: Kysely<Database>, entity: Entity, type: ItemType | undefined): Side {
  if (entity === 'records') {
    // A record does not keep who created it.
    const query = db
      .selectFrom('records as e')
      .select([
        sql<Entity>`'records'`.as('entity'),
        sql<string>`'created'`.as('kind'),
        'e.id as entry_id',
        NO_ID.as('revision_id'),
        'e.created_at as at',
        NO_ID.as('user_id'),
        sql<string | null>`cast(null as text)`.as('user_name'),
      ]);
    return side(query, 'e');
  }
  const query = db
    .selectFrom('items as e')
    .select([
      sql<Entity>`'items'`.as('entity'),
      sql<string>`'created'`.as('kind'),
      'e.id as entry_id',
      NO_ID.as('revision_id'),
      'e.created_at as at',
      'e.created_by as user_id',
      'e.created_by_name as user_name',
    ])
    .$if(type !== undefined, (q) => q.where('e.type', '=', type!));
  return side(query, 'e');
}

/** The stored revisions (edits) of an entity's entries. */
function edits(db: Kysely<Database>, entity: Entity, type: ItemType | undefined): Side {
  if (entity === 'records') {
    const query = db
      .selectFrom('record_revisions as r')
      .select([
        sql<Entity>`'records'`.as('entity'),
        sql<string>`'updated'`.as('kind'),
        'r.record_id as entry_id',
        'r.id as revision_id',
        'r.created_at as at',
        'r.user_id',
        'r.user_name',
      ]);
    return side(query, 'r');
  }
  const query = db
    .selectFrom('item_revisions as r')
    .select([
      sql<Entity>`'items'`.as('entity'),
      sql<string>`'updated'`.as('kind'),
      'r.item_id as entry_id',
      'r.id as revision_id',
      'r.created_at as at',
      'r.user_id',
      'r.user_name',
    ])
    .$if(type !== undefined, (q) =>
      q.where('r.item_id', 'in', (eb) =>
        eb.selectFrom('items').select('id').where('type', '=', type!),
      ),
    );
  return side(query, 'r');
}

type EntrySummary = HistoryEntry['item'];

/** The entries a page of changes names, as they are now, by entity and id. */
async function entriesOf(db: Kysely<Database>, rows: FeedRow[]) {
  const idsOf = (entity: Entity) => [
    ...new Set(rows.filter((row) => row.entity === entity).map((row) => Number(row.entry_id))),
  ];
  const [itemIds, recordIds] = [idsOf('items'), idsOf('records')];
  const [items, records] = await Promise.all([
    itemIds.length
      ? db
          .selectFrom('items')
          .select(['id', 'type', 'title', 'preview', 'language', 'deleted_at'])
          .where('id', 'in', itemIds)
          .execute()
      : [],
    recordIds.length
      ? db
          .selectFrom('records')
          .select(['id', 'title', 'preview', 'lang as language', 'deleted_at'])
          .where('id', 'in', recordIds)
          .execute()
      : [],
  ]);
  const found = new Map<string, EntrySummary>();
  for (const item of items) found.set(`items:${item.id}`, { ...item, type: item.type as ItemType });
  for (const record of records) found.set(`records:${record.id}`, { ...record, type: 'records' });
  return found;
}

/**
 * The archive's recent changes: each item's and record's creation and each stored revision (an
 * edit), newest first, one page read in SQL from the `created_at` indexes of the four tables
 * (0017, 0033). An edit links to the revision it stored, whose diff the entry's history shows.
 */
export async function historyFeed(
  ctx: AppContext,
  query: HistoryFeedQuery,
): Promise<Page<HistoryEntry>> {
  const db = ctx.db;
  const type: HistoryType | undefined = query.type;
  const itemType = type !== undefined && type !== 'records' ? type : undefined;
  const entities: Entity[] =
    type === undefined ? ['items', 'records'] : type === 'records' ? ['records'] : ['items'];
  const window = pageWindow(query);
  const sides = entities.flatMap((entity) => [
    creations(db, entity, itemType),
    edits(db, entity, itemType),
  ]);
  // Each side gives at most the rows the page could need, newest first from its own index, so
  // the union never sorts a whole table.
  const limited = sides.map((one) =>
    db.selectFrom(one.newest(window.offset + window.limit).as('side')).selectAll(),
  );
  const union = limited.slice(1).reduce((all, one) => all.unionAll(one), limited[0]!);
  const rows = await db
    .selectFrom(union.as('f'))
    .selectAll()
    .orderBy('f.at', 'desc')
    .orderBy('f.kind', 'desc')
    .orderBy('f.revision_id', 'desc')
    .orderBy('f.entity', 'desc')
    .orderBy('f.entry_id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const [found, counts] = await Promise.all([
    entriesOf(db, rows),
    Promise.all(sides.map((one) => one.count())),
  ]);
  const total = counts.reduce((sum, count) => sum + count, 0);
  const data = rows.flatMap((row): HistoryEntry[] => {
    const entry = found.get(`${row.entity}:${Number(row.entry_id)}`);
    if (!entry) return [];
    return [
      {
        kind: row.kind === 'updated' ? 'updated' : 'created',
        revision_id: row.revision_id === null ? null : Number(row.revision_id),
        created_at: row.at,
        user:
          row.user_name === null
            ? null
            : { id: row.user_id === null ? null : Number(row.user_id), name: row.user_name },
        item: entry,
      },
    ];
  });
  return { window, total, data };
}
