import type { ItemType, ShareTargetType } from '@kinfolio/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Whether what a new link names is there to be read: the same rows the reading routes show. */
export function targetsRepository(db: Executor) {
  return {
    async exists(type: ShareTargetType, itemType: ItemType | null, id: number): Promise<boolean> {
      switch (type) {
        case 'records':
          return Boolean(
            await db
              .selectFrom('records')
              .select('id')
              .where('id', '=', id)
              .where('deleted_at', 'is', null)
              .executeTakeFirst(),
          );
        case 'categories':
        case 'participants':
        case 'tags':
          return Boolean(
            await db.selectFrom(type).select('id').where('id', '=', id).executeTakeFirst(),
          );
        case 'selection':
          return false;
        default:
          return Boolean(
            await db
              .selectFrom('items')
              .select('id')
              .where('id', '=', id)
              .where('type', '=', itemType ?? '')
              .where('deleted_at', 'is', null)
              .executeTakeFirst(),
          );
      }
    },
    async liveItems(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('items')
        .select('id')
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((row) => row.id);
    },
    async liveRecords(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('records')
        .select('id')
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
