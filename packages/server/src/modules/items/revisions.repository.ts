import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** An entity's revisions: the table and the column naming the entry (items, records). */
export interface RevisionsTable {
  table: 'item_revisions' | 'record_revisions';
  key: 'item_id' | 'record_id';
}

export const ITEM_REVISIONS: RevisionsTable = { table: 'item_revisions', key: 'item_id' };
export const RECORD_REVISIONS: RevisionsTable = { table: 'record_revisions', key: 'record_id' };

/** A stored revision: the entry's version before a change, as JSON in `data`. */
export interface RevisionRow {
  id: number;
  entry_id: number;
  user_id: number | null;
  user_name: string;
  data: string;
  created_at: string;
}

export function revisionsRepository(db: Executor, of: RevisionsTable) {
  // Both tables have the same columns but the entry's; one of them names the shape for the compiler.
  const table = of.table as 'item_revisions';
  const key = of.key as 'item_id';
  return {
    async insert(values: Omit<RevisionRow, 'id'>): Promise<void> {
      const { entry_id, ...rest } = values;
      await db
        .insertInto(table)
        .values({ ...rest, [key]: entry_id } as { item_id: number } & typeof rest)
        .execute();
    },
    async count(entryId: number): Promise<number> {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(key, '=', entryId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Newest first. */
    page(entryId: number, limit: number, offset: number): Promise<RevisionRow[]> {
      return db
        .selectFrom(table)
        .select(['id', `${key} as entry_id` as const, 'user_id', 'user_name', 'data', 'created_at'])
        .where(key, '=', entryId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
  };
}
