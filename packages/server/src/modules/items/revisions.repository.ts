import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ItemRevisionsTable } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type RevisionRow = Selectable<ItemRevisionsTable>;

export function revisionsRepository(db: Executor) {
  return {
    async insert(values: Omit<RevisionRow, 'id'>): Promise<void> {
      await db.insertInto('item_revisions').values(values).execute();
    },
    async count(itemId: number): Promise<number> {
      const row = await db
        .selectFrom('item_revisions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('item_id', '=', itemId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Newest first. */
    page(itemId: number, limit: number, offset: number): Promise<RevisionRow[]> {
      return db
        .selectFrom('item_revisions')
        .selectAll()
        .where('item_id', '=', itemId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
  };
}
