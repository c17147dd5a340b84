import type { Kysely } from 'kysely';

/**
 * Counters of failed logins (auth/throttle.ts), kept here so that they hold across restarts and
 * instances sharing the database (Redis holds them instead when REDIS_URL is set). Only the login
 * route reads this table and no cached answer depends on it, so it is not stamped (see 0007).
 * `key` names the counter (kind and a hash of the account, address or device); a row whose
 * `expires_at` (milliseconds since the epoch) has passed counts as zero and is pruned hourly.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_throttle_expires_idx')
    .on('login_throttle')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
}
