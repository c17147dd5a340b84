import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Change stamps: a counter per kind of data, bumped by triggers on every write, so an instance
 * can tell with one primary-key read whether what it keeps in memory (responses, sessions) is
 * still current, whoever wrote (this process, the CLI, another instance on the same database).
 * - `archive`: the items and everything shown with them;
 * - `auth`: users and the removal of sessions (logout, deactivation, password reset).
 * The counter changes in the writing transaction, so a reader never sees a new stamp before the
 * data it stands for (see http/response-cache.ts for why that is all the cache needs).
 * PostgreSQL bumps once per statement, before it runs (the stamp row is locked before any row
 * it writes; see db/stamps.ts for the transactions that lock it first); SQLite has only row
 * triggers, which cost little since SQLite writes one transaction at a time anyway.
 */
const STAMPED_TABLES = {
  archive: [
    'items',
    'item_participants',
    'item_tags',
    'item_categories',
    'item_revisions',
    'participants',
    'tags',
    'categories',
    'files',
  ],
  auth: ['users', 'sessions'],
} as const;

/** Sessions are stamped only when removed: a new session is not in anybody's memory yet. */
function operations(table: string): string[] {
  return table === 'sessions' ? ['delete'] : ['insert', 'update', 'delete'];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('change_stamps')
    .addColumn('name', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('change_stamps' as never)
    .values([{ name: 'archive' }, { name: 'auth' }] as never)
    .execute();

  if (isPostgres(db)) {
    await sql`
      create function kinfolio_bump_stamp() returns trigger language plpgsql as $$
      begin
        update change_stamps set version = version + 1 where name = tg_argv[0];
        return null;
      end $$
    `.execute(db);
  }
  for (const [stamp, tables] of Object.entries(STAMPED_TABLES)) {
    for (const table of tables) {
      const ops = operations(table);
      if (isPostgres(db)) {
        await sql`
          create trigger ${sql.raw(`${table}_stamp`)}
          before ${sql.raw(ops.join(' or '))} on ${sql.raw(table)}
          for each statement execute function kinfolio_bump_stamp(${sql.lit(stamp)})
        `.execute(db);
        continue;
      }
      for (const op of ops) {
        await sql`
          create trigger ${sql.raw(`${table}_stamp_${op}`)} after ${sql.raw(op)} on ${sql.raw(table)}
          begin
            update change_stamps set version = version + 1 where name = ${sql.lit(stamp)};
          end
        `.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const tables of Object.values(STAMPED_TABLES)) {
    for (const table of tables) {
      if (isPostgres(db)) {
        await sql`drop trigger if exists ${sql.raw(`${table}_stamp`)} on ${sql.raw(table)}`.execute(
          db,
        );
        continue;
      }
      for (const op of operations(table)) {
        await sql`drop trigger if exists ${sql.raw(`${table}_stamp_${op}`)}`.execute(db);
      }
    }
  }
  if (isPostgres(db)) await sql`drop function if exists kinfolio_bump_stamp()`.execute(db);
  await db.schema.dropTable('change_stamps').execute();
}
