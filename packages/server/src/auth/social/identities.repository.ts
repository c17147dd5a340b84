import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, UserIdentitiesTable } from '../../db/schema.js';

export type IdentityRow = Selectable<UserIdentitiesTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export function identitiesRepository(db: Executor) {
  return {
    find(provider: string, subject: string): Promise<IdentityRow | undefined> {
      return db
        .selectFrom('user_identities')
        .selectAll()
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
    },
    listFor(userId: number): Promise<IdentityRow[]> {
      return db
        .selectFrom('user_identities')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    insert(row: Omit<IdentityRow, 'id'>): Promise<IdentityRow> {
      return db.insertInto('user_identities').values(row).returningAll().executeTakeFirstOrThrow();
    },
    async used(id: number, email: string, at: string): Promise<void> {
      await db
        .updateTable('user_identities')
        .set({ last_used_at: at, email })
        .where('id', '=', id)
        .execute();
    },
    async delete(id: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('user_identities')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
