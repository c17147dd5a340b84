import { sql, type Kysely, type RawBuilder } from 'kysely';
import { createItemStatementTriggers, isPostgres } from './helpers.js';

/**
 * Live items counted per (type, language, month of their date): `item_list_months`, kept exact by
 * triggers. A list of a type (or of one language of it) counted its live items on every cold
 * request — 200k index entries at a million items, 50–200 ms on PostgreSQL — and a deep page
 * walked past `offset` entries of the list index (62k for page 6,247 of the messages). With the
 * counts by month the total is a sum of a few thousand rows, and a page starts its walk at the
 * month holding its first row (a few hundred entries at most, unless one month holds most of the
 * archive: then no worse than before). `month` is the date's first seven characters ('' for an
 * item without a date), so months sort as the dates they cover do.
 *
 * SQLite: row triggers. PostgreSQL: statement triggers over the transition tables, so a bulk
 * insert (an import, a restore, the demo seed) adds one grouped upsert per statement rather than
 * one per row; an update trigger cannot name columns with transition tables, so it nets the old
 * and new rows and writes only the months whose count changed (none for an edit of the text).
 * Every write to `items` already takes the archive stamp's row lock (0008), so these counter rows
 * add no contention. Not backed up: a restore writes the items, and the triggers count them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('item_list_months')
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_list_months_pk', ['item_type', 'language', 'month'])
    .$call((t) => (postgres ? t : t.modifyEnd(sql`without rowid`)))
    .execute();
  await sql`
    insert into item_list_months (item_type, language, month, n)
    select type, language, coalesce(substr(date, 1, 7), ''), count(*)
    from items where deleted_at is null
    group by type, language, coalesce(substr(date, 1, 7), '')
  `.execute(db);

  if (postgres) {
    const month = (row: string) => sql.raw(`coalesce(substr(${row}.date, 1, 7), '')`);
    const rows = (table: string, sign: number) =>
      sql`select r.type, r.language, ${month('r')} as month, ${sql.lit(sign)} as d
        from ${sql.raw(table)} r where r.deleted_at is null`;
    const apply = (changes: RawBuilder<unknown>) => sql`
      insert into item_list_months (item_type, language, month, n)
      select type, language, month, sum(d) from (${changes}) c
      group by type, language, month having sum(d) <> 0
      on conflict (item_type, language, month)
        do update set n = item_list_months.n + excluded.n`;
    // Only the months some row left can have dropped to zero.
    const dropEmpty = sql`
      delete from item_list_months m
      using (select distinct r.type, r.language, ${month('r')} as month from old_items r) o
      where m.n = 0 and m.item_type = o.type and m.language = o.language and m.month = o.month`;
    const functions = {
      insert: [apply(rows('new_items', 1))],
      update: [apply(sql`${rows('new_items', 1)} union all ${rows('old_items', -1)}`), dropEmpty],
      delete: [apply(rows('old_items', -1)), dropEmpty],
    };
    await createItemStatementTriggers(db, 'items_list_months', functions);
    await sql`analyze item_list_months`.execute(db);
    return;
  }

  const month = (row: string) => sql.raw(`coalesce(substr(${row}.date, 1, 7), '')`);
  // The SELECT's WHERE also tells SQLite's parser that ON CONFLICT belongs to the INSERT.
  const add = sql`
    insert into item_list_months (item_type, language, month, n)
    select new.type, new.language, ${month('new')}, 1 where new.deleted_at is null
    on conflict (item_type, language, month) do update set n = n + 1`;
  const remove = [
    sql`update item_list_months set n = n - 1
      where old.deleted_at is null
        and item_type = old.type and language = old.language and month = ${month('old')}`,
    sql`delete from item_list_months
      where n = 0 and item_type = old.type and language = old.language and month = ${month('old')}`,
  ];
  const triggers = [
    { name: 'items_list_months_insert', event: 'after insert', when: sql``, body: [add] },
    { name: 'items_list_months_delete', event: 'after delete', when: sql``, body: remove },
    {
      name: 'items_list_months_update',
      event: 'after update of type, language, date, deleted_at',
      when: sql`when new.type is not old.type or new.language is not old.language
        or ${month('new')} <> ${month('old')}
        or (new.deleted_at is null) <> (old.deleted_at is null)`,
      body: [...remove, add],
    },
  ];
  for (const { name, event, when, body } of triggers) {
    await sql`
      create trigger ${sql.raw(name)} ${sql.raw(event)} on items for each row ${when}
      begin
        ${sql.join(
          body.map((statement) => sql`${statement};`),
          sql`\n`,
        )}
      end
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const op of ['insert', 'update', 'delete']) {
    const name = `items_list_months_${op}`;
    if (postgres) {
      await sql`drop trigger if exists ${sql.raw(name)} on items`.execute(db);
      await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
    } else {
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    }
  }
  await db.schema.dropTable('item_list_months').ifExists().execute();
}
