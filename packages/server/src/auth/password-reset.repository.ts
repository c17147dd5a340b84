import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The password_reset_tokens table: at most one live token per address (its hash only). */
export function passwordResetRepository(db: Kysely<Database>) {
  return {
    find(email: string) {
      return db
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
    },
    /** A new token replaces the address's previous one. */
    async put(email: string, tokenHash: string, createdAt: string): Promise<void> {
      await db
        .insertInto('password_reset_tokens')
        .values({ email, token_hash: tokenHash, created_at: createdAt })
        .onConflict((oc) =>
          oc.column('email').doUpdateSet({ token_hash: tokenHash, created_at: createdAt }),
        )
        .execute();
    },
    async delete(email: string): Promise<void> {
      await db.deleteFrom('password_reset_tokens').where('email', '=', email).execute();
    },
    async deleteCreatedBefore(before: string): Promise<void> {
      await db.deleteFrom('password_reset_tokens').where('created_at', '<', before).execute();
    },
  };
}
