import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Stamps that cannot lie (see db/stamps.ts):
 * - an `epoch` beside each counter, drawn anew whenever the counter is set back (a restore, a
 *   hand edit), so a stamp never names two states of the data;
 * - on PostgreSQL, a statement bumps the stamp only when it wrote rows: 0007's statement triggers
 *   bumped on every statement, even one that matched nothing (a refused delete of an unknown id
 *   emptied every instance's cache). The stamp's row is still locked before the statement runs,
 *   so lock order stays stamp first; the bump comes after, from the statement's transition table.
 *   SQLite's row triggers (0007) already fire only for rows written.
 * The tables are 0007's; sessions are stamped only when removed, as there.
 */
const STAMPED_TABLES: Record<string, readonly string[]> = {
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
};

const ALL_OPERATIONS = ['insert', 'update', 'delete'] as const;
type Operation = (typeof ALL_OPERATIONS)[number];

function operations(table: string): readonly Operation[] {
  return table === 'sessions' ? ['delete'] : ALL_OPERATIONS;
}

/** The transition table a statement trigger sees: the rows written. */
function transition(op: Operation): string {
  return op === 'delete' ? 'old table as written' : 'new table as written';
}

const NEW_EPOCH_SQLITE = sql`lower(hex(randomblob(8)))`;
const NEW_EPOCH_PG = sql`substr(md5(random()::text || clock_timestamp()::text), 1, 16)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .alterTable('change_stamps')
    .addColumn('epoch', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update change_stamps set epoch = ${pg ? NEW_EPOCH_PG : NEW_EPOCH_SQLITE}`.execute(db);

  if (!pg) {
    // A counter set back (or a row replaced) gets a new epoch in the same statement's transaction.
    await sql`
      create trigger change_stamps_epoch after update of version on change_stamps
      when new.version < old.version
      begin
        update change_stamps set epoch = ${NEW_EPOCH_SQLITE} where name = new.name;
      end
    `.execute(db);
    await sql`
      create trigger change_stamps_epoch_insert after insert on change_stamps
      begin
        update change_stamps set epoch = ${NEW_EPOCH_SQLITE} where name = new.name;
      end
    `.execute(db);
    return;
  }

  await sql`
    create function kinfolio_new_stamp_epoch() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or new.version < old.version then
        new.epoch := ${NEW_EPOCH_PG};
      end if;
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger change_stamps_epoch before insert or update on change_stamps
    for each row execute function kinfolio_new_stamp_epoch()
  `.execute(db);

  await sql`
    create function kinfolio_lock_stamp() returns trigger language plpgsql as $$
    begin
      perform 1 from change_stamps where name = tg_argv[0] for update;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function kinfolio_bump_stamp_if_written() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from written) then
        update change_stamps set version = version + 1 where name = tg_argv[0];
      end if;
      return null;
    end $$
  `.execute(db);

  for (const [stamp, tables] of Object.entries(STAMPED_TABLES)) {
    for (const table of tables) {
      const ops = operations(table);
      await sql`drop trigger if exists ${sql.raw(`${table}_stamp`)} on ${sql.raw(table)}`.execute(
        db,
      );
      await sql`
        create trigger ${sql.raw(`${table}_stamp_lock`)}
        before ${sql.raw(ops.join(' or '))} on ${sql.raw(table)}
        for each statement execute function kinfolio_lock_stamp(${sql.lit(stamp)})
      `.execute(db);
      for (const op of ops) {
        await sql`
          create trigger ${sql.raw(`${table}_stamp_${op}`)}
          after ${sql.raw(op)} on ${sql.raw(table)}
          referencing ${sql.raw(transition(op))}
          for each statement execute function kinfolio_bump_stamp_if_written(${sql.lit(stamp)})
        `.execute(db);
      }
    }
  }
  await sql`drop function if exists kinfolio_bump_stamp()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`drop trigger if exists change_stamps_epoch`.execute(db);
    await sql`drop trigger if exists change_stamps_epoch_insert`.execute(db);
  } else {
    await sql`
      create function kinfolio_bump_stamp() returns trigger language plpgsql as $$
      begin
        update change_stamps set version = version + 1 where name = tg_argv[0];
        return null;
      end $$
    `.execute(db);
    for (const [stamp, tables] of Object.entries(STAMPED_TABLES)) {
      for (const table of tables) {
        const ops = operations(table);
        await sql`drop trigger if exists ${sql.raw(`${table}_stamp_lock`)} on ${sql.raw(table)}`.execute(
          db,
        );
        for (const op of ops) {
          await sql`drop trigger if exists ${sql.raw(`${table}_stamp_${op}`)} on ${sql.raw(table)}`.execute(
            db,
          );
        }
        await sql`
          create trigger ${sql.raw(`${table}_stamp`)}
          before ${sql.raw(ops.join(' or '))} on ${sql.raw(table)}
          for each statement execute function kinfolio_bump_stamp(${sql.lit(stamp)})
        `.execute(db);
      }
    }
    await sql`drop trigger if exists change_stamps_epoch on change_stamps`.execute(db);
    await sql`drop function if exists kinfolio_new_stamp_epoch()`.execute(db);
    await sql`drop function if exists kinfolio_lock_stamp()`.execute(db);
    await sql`drop function if exists kinfolio_bump_stamp_if_written()`.execute(db);
  }
  await db.schema.alterTable('change_stamps').dropColumn('epoch').execute();
}
