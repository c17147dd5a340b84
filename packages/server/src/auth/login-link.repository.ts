import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The login_links table: the mailed one-time sign-in links, by the hash of their token. */
export function loginLinksRepository(db: Kysely<Database>) {
  return {
    async put(row: { token_hash: string; user_id: number; email: string; created_at: string }) {
      await db.insertInto('login_links').values(row).execute();
    },
    /** Removes the link and returns it, in one statement: of two racing uses one gets it. */
    take(tokenHash: string) {
      return db
        .deleteFrom('login_links')
        .where('token_hash', '=', tokenHash)
        .returningAll()
        .executeTakeFirst();
    },
    async deleteForUser(userId: number): Promise<void> {
      await db.deleteFrom('login_links').where('user_id', '=', userId).execute();
    },
    async deleteCreatedBefore(before: string): Promise<void> {
      await db.deleteFrom('login_links').where('created_at', '<', before).execute();
    },
  };
}
