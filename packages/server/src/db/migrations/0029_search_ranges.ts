import { sql, type Kysely } from 'kysely';
import { TYPES } from './0024_search_scopes.js';
import { createItemStatementTriggers, isPostgres } from './helpers.js';

/**
 * PostgreSQL: what a search reads, copied from the live items into `item_search`, a narrow table
 * partitioned by ranges of `SEARCH_RANGE` ids. A search's candidates are the newest matches of its
 * words (search.ts): the GIN index of `items` gave every match of the archive, each then a row
 * read from `items` (1.2 KB rows, 1.2 GB at a million items), and the id window the newest
 * matches lie in was only a filter after those reads: `أرسل:*` read 3,517 pages for the 1,455
 * matches of its window. Here the older ranges are pruned before any read, and a row holds only
 * what a search needs: the same query reads 1,689 pages, 16–19 ms right after a PostgreSQL
 * restart against 38–40 from `items`, 5–7 ms cached against 11.
 *
 * Kept by statement triggers over the transition tables (as 0025), in the writing transaction.
 * `title_vector` is the title's part of the search vector (its weight-A lexemes), for the score of
 * a common word: read from the row already read, where ts_filter on a long item's vector would
 * read it out of line. Ranges are made ahead of the ids by `kinfolio_item_search_ranges(newest)`
 * (a partition cannot be made by the trigger of an insert into its table): a server calls it at
 * start and every hour, the demo seed before loading, a restore after (search-ranges.ts). An id
 * above every range lands in the DEFAULT partition, so nothing ever fails for want of a range;
 * the function moves such rows into the range it makes. The items' own GIN indexes go: nothing
 * searches `items` by its vector any more. Not backed up: the restore writes the items, and the
 * triggers copy them.
 */
export const SEARCH_RANGE = 100_000;

const COLUMNS = 'id, type, language, parent_id, date, search_vector, title_vector';
const copied = (row: string) =>
  sql.raw(
    `${row}.id, ${row}.type, ${row}.language, ${row}.parent_id, ${row}.date, ${row}.search_vector, ` +
      `ts_filter(${row}.search_vector, '{a}')`,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create table item_search (
      id integer not null primary key,
      type text not null,
      language text not null,
      parent_id integer,
      date text,
      search_vector tsvector not null,
      title_vector tsvector not null
    ) partition by range (id)
  `.execute(db);
  await sql`create table item_search_default partition of item_search default`.execute(db);
  await sql`alter table item_search alter column search_vector set statistics 1000`.execute(db);
  // Each range is first a table of its own holding the rows the DEFAULT partition has for it,
  // then attached (the indexes of the parent are made on it then); the advisory lock serialises
  // two callers, and the DEFAULT partition is locked first so that no write waits on it halfway.
  await sql`
    create function kinfolio_item_search_ranges(newest bigint) returns integer
    language plpgsql as $$
    declare
      size constant bigint := ${sql.lit(SEARCH_RANGE)};
      lo bigint;
      part text;
      made integer := 0;
      locked boolean := false;
    begin
      perform pg_advisory_xact_lock(hashtext('kinfolio_item_search_ranges'));
      for lo in select g from generate_series(0::bigint, greatest(newest, 0) + 2 * size, size) g loop
        part := 'item_search_' || (lo / size);
        continue when to_regclass(part) is not null;
        if not locked then
          lock table item_search_default in access exclusive mode;
          locked := true;
        end if;
        execute format('create table %I (like item_search including defaults)', part);
        execute format('alter table %I alter column search_vector set statistics 1000', part);
        execute format(
          'with moved as (delete from item_search_default where id >= %s and id < %s returning *)
           insert into %I select * from moved', lo, lo + size, part);
        execute format(
          'alter table item_search attach partition %I for values from (%s) to (%s)',
          part, lo, lo + size);
        made := made + 1;
      end loop;
      return made;
    end $$
  `.execute(db);
  await sql`select kinfolio_item_search_ranges((select max(id) from items))`.execute(db);
  await sql`
    insert into item_search (${sql.raw(COLUMNS)})
    select ${copied('i')} from items i where i.deleted_at is null
  `.execute(db);
  // Built once over the copied rows (faster than filling them row by row).
  await sql`create index item_search_vector_idx on item_search using gin (search_vector)`.execute(
    db,
  );
  for (const type of TYPES) {
    await sql`
      create index ${sql.raw(`item_search_${type}_idx`)} on item_search using gin (search_vector)
      where type = ${sql.lit(type)}
    `.execute(db);
  }

  const changed = sql.raw(`
    from new_items n join old_items o on o.id = n.id
    where (n.deleted_at is null, n.type, n.language, n.parent_id, n.date, n.search_vector)
      is distinct from (o.deleted_at is null, o.type, o.language, o.parent_id, o.date, o.search_vector)`);
  await createItemStatementTriggers(db, 'items_search_copy', {
    insert: [
      sql`insert into item_search (${sql.raw(COLUMNS)})
        select ${copied('n')} from new_items n where n.deleted_at is null`,
    ],
    update: [
      sql`delete from item_search where id in (select n.id ${changed})`,
      sql`insert into item_search (${sql.raw(COLUMNS)})
        select ${copied('n')} ${changed} and n.deleted_at is null`,
    ],
    delete: [sql`delete from item_search where id in (select id from old_items)`],
  });
  await sql`drop index items_search_idx`.execute(db);
  for (const type of TYPES) {
    await sql`drop index ${sql.raw(`items_search_${type}_idx`)}`.execute(db);
  }
  await sql`analyze item_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const op of ['insert', 'update', 'delete']) {
    const name = `items_search_copy_${op}`;
    await sql`drop trigger if exists ${sql.raw(name)} on items`.execute(db);
    await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
  }
  await sql`drop function if exists kinfolio_item_search_ranges(bigint)`.execute(db);
  await sql`drop table if exists item_search`.execute(db);
  await sql`create index items_search_idx on items using gin (search_vector)`.execute(db);
  for (const type of TYPES) {
    await sql`
      create index ${sql.raw(`items_search_${type}_idx`)} on items using gin (search_vector)
      where type = ${sql.lit(type)} and deleted_at is null
    `.execute(db);
  }
}
