import type { HistoryEntry, HistoryFeedQuery, ItemType } from '@kinfolio/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { pageWindow, type Page } from '../../http/paginate.js';

/**
 * The archive's recent changes: each item's creation and each stored revision (an edit), newest
 * first, one page read in SQL from the `created_at` indexes of both tables (0017). An edit links
 * to the revision it stored, whose diff the item's history shows.
 */
export async function historyFeed(
  ctx: AppContext,
  query: HistoryFeedQuery,
): Promise<Page<HistoryEntry>> {
  const db = ctx.db;
  const type: ItemType | undefined = query.type;
  const window = pageWindow(query);
  const created = db
    .selectFrom('items as i')
    .select([
      sql<string>`'created'`.as('kind'),
      'i.id as item_id',
      sql<number | null>`cast(null as integer)`.as('revision_id'),
      'i.created_at as at',
      'i.created_by as user_id',
      'i.created_by_name as user_name',
    ])
    .$if(type !== undefined, (q) => q.where('i.type', '=', type!));
  const updated = db
    .selectFrom('item_revisions as r')
    .select([
      sql<string>`'updated'`.as('kind'),
      'r.item_id',
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
  const [createdCount, updatedCount, rows] = await Promise.all([
    created
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    updated
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    // Each side gives at most the rows the page could need, newest first from its own index,
    // so the union never sorts a whole table.
    db
      .selectFrom(
        db
          .selectFrom(
            created
              .orderBy('i.created_at', 'desc')
              .orderBy('i.id', 'desc')
              .limit(window.offset + window.limit)
              .as('c'),
          )
          .selectAll()
          .unionAll(
            db
              .selectFrom(
                updated
                  .orderBy('r.created_at', 'desc')
                  .orderBy('r.id', 'desc')
                  .limit(window.offset + window.limit)
                  .as('u'),
              )
              .selectAll(),
          )
          .as('f'),
      )
      .selectAll()
      .orderBy('f.at', 'desc')
      .orderBy('f.kind', 'desc')
      .orderBy('f.revision_id', 'desc')
      .orderBy('f.item_id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  const ids = [...new Set(rows.map((row) => Number(row.item_id)))];
  const items = ids.length
    ? await db
        .selectFrom('items')
        .select(['id', 'type', 'title', 'preview', 'language', 'deleted_at'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(items.map((item) => [item.id, item]));
  const data = rows.flatMap((row): HistoryEntry[] => {
    const item = byId.get(Number(row.item_id));
    if (!item) return [];
    return [
      {
        kind: row.kind === 'updated' ? 'updated' : 'created',
        revision_id: row.revision_id === null ? null : Number(row.revision_id),
        created_at: row.at,
        user:
          row.user_name === null
            ? null
            : { id: row.user_id === null ? null : Number(row.user_id), name: row.user_name },
        item: { ...item, type: item.type as ItemType },
      },
    ];
  });
  return { window, total: Number(createdCount.n) + Number(updatedCount.n), data };
}
