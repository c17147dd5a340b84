import type { Kysely } from 'kysely';

/**
 * `login_links`: the one-time sign-in links mailed to an account's owner (auth/login-link.ts),
 * the way in while strangers keep the account's login counter exhausted. Only the SHA-256 of a
 * token is kept; `email` is the address it was mailed to, so that a link dies when the account's
 * address changes. A link is deleted when used, and pruned hourly once expired. Not stamped: read
 * by the link routes only, never cached.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_links')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_links_user_idx').on('login_links').column('user_id').execute();
  await db.schema
    .createIndex('login_links_created_idx')
    .on('login_links')
    .column('created_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_links').ifExists().execute();
}
