import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, TagsTable } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type TagRow = Selectable<TagsTable>;
export type TagWithCount = TagRow & { count: number };
export type TagChanges = Omit<Updateable<TagsTable>, 'id' | 'created_at'>;

/** Tags with the number of distinct non-deleted items carrying them. */
function withCounts(db: Executor) {
  return db
    .selectFrom('tags as t')
    .selectAll('t')
    .select((eb) =>
      eb
        .selectFrom('item_tags as it')
        .innerJoin('items as i', 'i.id', 'it.item_id')
        .whereRef('it.tag_id', '=', 't.id')
        .where('i.deleted_at', 'is', null)
        .select((sub) => sub.fn.count<number>('it.item_id').distinct().as('n'))
        .as('count'),
    );
}

export function tagsRepository(db: Executor) {
  return {
    async listWithCounts(): Promise<TagWithCount[]> {
      const rows = await withCounts(db).orderBy('t.id').execute();
      return rows.map((row) => ({ ...row, count: Number(row.count ?? 0) }));
    },
    async findWithCount(id: number): Promise<TagWithCount | undefined> {
      const row = await withCounts(db).where('t.id', '=', id).executeTakeFirst();
      return row && { ...row, count: Number(row.count ?? 0) };
    },
    find(id: number): Promise<TagRow | undefined> {
      return db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(values: Omit<TagRow, 'id'>): Promise<TagRow> {
      return db.insertInto('tags').values(values).returningAll().executeTakeFirstOrThrow();
    },
    async update(id: number, changes: TagChanges): Promise<void> {
      await db.updateTable('tags').set(changes).where('id', '=', id).execute();
    },
    /** Removes the tag and its item links (never the items); false when it did not exist. */
    async delete(id: number): Promise<boolean> {
      await db.deleteFrom('item_tags').where('tag_id', '=', id).execute();
      const result = await db.deleteFrom('tags').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
