import { sql, type Kysely, type RawBuilder } from 'kysely';
import { folded, itemKind } from './0015_list_order_and_folding.js';
import { createTriggerFunction, isPostgres, withId } from './helpers.js';

/**
 * The text of scans (modules/ocr):
 * - `file_texts`: one row per picture or PDF of an item that OCR has read: its status (`done`,
 *   `failed`), why it holds no text (`reason`: `empty`, `low_confidence` for photos of people,
 *   `unreadable`), the current text (corrected or as read), the models used, the mean
 *   confidence, the pages as read (JSON: text, confidence, rotation, words with boxes), whether
 *   somebody corrected it. A picture without a row is still owed a reading: how the backfill
 *   resumes after a kill.
 * - `file_text_revisions`: a corrected text's earlier versions.
 * - `items.scan_text`: the texts of an item's live files, one after the other, kept by triggers
 *   on both tables and on `files` (a file moved to the deleted medias takes its text out). It is
 *   what makes a scan's words find its item: searched with the item's own words (weight C on
 *   PostgreSQL, in the body column of FTS5 on SQLite), and a hit's snippet can come from it.
 * Neither table is stamped: only the text routes read them (never cached); the search reads
 * `items`, which is. Both travel in backups.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('file_texts')
    .addColumn('file_id', 'integer', (c) =>
      c.primaryKey().references('files.id').onDelete('cascade'),
    )
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'varchar(30)')
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(40)')
    .addColumn('confidence', 'double precision')
    .addColumn('pages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('engine_version', 'varchar(100)', (c) => c.notNull())
    .addColumn('edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('edited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('edited_at', 'text')
    .addColumn('read_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('file_text_revisions'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('file_text_revisions_file_idx')
    .on('file_text_revisions')
    .columns(['file_id', 'id'])
    .execute();
  await db.schema
    .alterTable('items')
    .addColumn('scan_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  if (pg) {
    await postgresSearch(db);
    await postgresScanTriggers(db);
  } else {
    await sqliteSearch(db);
    await sqliteScanTriggers(db);
  }
}

/** The texts of item `itemSql`'s live files, in file order, a line between two. */
function scanTextOf(pg: boolean, itemSql: string): RawBuilder<string> {
  const from = sql.raw(`from file_texts t join files f on f.id = t.file_id
    where f.item_id = ${itemSql} and f.deleted_at is null and t.status = 'done' and t.text <> ''`);
  return pg
    ? sql`coalesce((select string_agg(t.text, E'\n\n' order by f.id) ${from}), '')`
    : sql`coalesce((select group_concat(text, char(10) || char(10)) from (
        select t.text ${from} order by f.id)), '')`;
}

const refresh = (pg: boolean, where: RawBuilder<unknown>) =>
  sql`update items set scan_text = ${scanTextOf(pg, 'items.id')} where ${where}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
async function sqliteSearch(db: Kysely<any>) {
  const body = (row: string) => folded(`${row}plain || char(10) || ${row}scan_text`);
  await sql`drop trigger if exists items_fts_insert`.execute(db);
  await sql`drop trigger if exists items_fts_update`.execute(db);
  await sql`
    create trigger items_fts_insert after insert on items begin
      insert into items_fts(rowid, title, body, kind)
      values (new.id, ${folded('new.title')}, ${body('new.')}, ${itemKind('new.')});
    end
  `.execute(db);
  await sql`
    create trigger items_fts_update
    after update of title, plain, scan_text, type, language, deleted_at on items begin
      delete from items_fts where rowid = old.id;
      insert into items_fts(rowid, title, body, kind)
      values (new.id, ${folded('new.title')}, ${body('new.')}, ${itemKind('new.')});
    end
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
async function sqliteScanTriggers(db: Kysely<any>) {
  const ofFile = (row: string) =>
    sql.raw(`id = (select item_id from files where id = ${row}.file_id)`);
  await sql`
    create trigger file_texts_scan_insert after insert on file_texts begin
      ${refresh(false, ofFile('new'))};
    end
  `.execute(db);
  await sql`
    create trigger file_texts_scan_update after update of text, status on file_texts begin
      ${refresh(false, ofFile('new'))};
    end
  `.execute(db);
  await sql`
    create trigger file_texts_scan_delete after delete on file_texts begin
      ${refresh(false, ofFile('old'))};
    end
  `.execute(db);
  await sql`
    create trigger files_scan_move after update of item_id, deleted_at on files
    when (old.item_id is not new.item_id or old.deleted_at is not new.deleted_at)
      and exists (select 1 from file_texts where file_id = new.id)
    begin
      ${refresh(false, sql.raw('id in (old.item_id, new.item_id)'))};
    end
  `.execute(db);
  await sql`
    create trigger files_scan_delete after delete on files when old.item_id is not null begin
      ${refresh(false, sql.raw('id = old.item_id'))};
    end
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
async function postgresSearch(db: Kysely<any>) {
  // A generated column cannot be altered: made again with the scans' words (weight C). The
  // items' GIN indexes went in 0029 (item_search, copied by triggers, searches), so none depends
  // on it; the copy's triggers read it when they fire.
  await sql`alter table items drop column search_vector`.execute(db);
  await sql`
    alter table items add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(title)), 'A') ||
      setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(plain)), 'B') ||
      setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(scan_text)), 'C')
    ) stored
  `.execute(db);
  await sql`alter table items alter column search_vector set statistics 1000`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
async function postgresScanTriggers(db: Kysely<any>) {
  const ofFile = (row: string) =>
    sql.raw(`id = (select item_id from files where id = ${row}.file_id)`);
  await createTriggerFunction(
    db,
    'kinfolio_file_texts_scan',
    [
      sql`if tg_op <> 'DELETE' then ${refresh(true, ofFile('new'))}; end if`,
      sql`if tg_op <> 'INSERT' then ${refresh(true, ofFile('old'))}; end if`,
    ],
    'null',
  );
  await sql`
    create trigger file_texts_scan after insert or delete or update of text, status
    on file_texts for each row execute function kinfolio_file_texts_scan()
  `.execute(db);
  await createTriggerFunction(
    db,
    'kinfolio_files_scan',
    [
      sql`if tg_op = 'UPDATE' and not exists (select 1 from file_texts where file_id = new.id) then
        return null; end if`,
      sql`if tg_op = 'UPDATE' then
        ${refresh(true, sql.raw('id in (old.item_id, new.item_id)'))}; end if`,
      sql`if tg_op = 'DELETE' then ${refresh(true, sql.raw('id = old.item_id'))}; end if`,
    ],
    'null',
  );
  await sql`
    create trigger files_scan_move after update of item_id, deleted_at on files for each row
    when (old.item_id is distinct from new.item_id or old.deleted_at is distinct from new.deleted_at)
    execute function kinfolio_files_scan()
  `.execute(db);
  await sql`
    create trigger files_scan_delete after delete on files for each row
    when (old.item_id is not null) execute function kinfolio_files_scan()
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists files_scan_move on files`.execute(db);
    await sql`drop trigger if exists files_scan_delete on files`.execute(db);
    await sql`drop trigger if exists file_texts_scan on file_texts`.execute(db);
    await sql`drop function if exists kinfolio_files_scan()`.execute(db);
    await sql`drop function if exists kinfolio_file_texts_scan()`.execute(db);
    await sql`alter table items drop column search_vector`.execute(db);
    await sql`
      alter table items add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(title)), 'A') ||
        setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(plain)), 'B')
      ) stored
    `.execute(db);
    await sql`alter table items alter column search_vector set statistics 1000`.execute(db);
  } else {
    for (const trigger of ['files_scan_move', 'files_scan_delete']) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop trigger if exists items_fts_insert`.execute(db);
    await sql`drop trigger if exists items_fts_update`.execute(db);
    await sql`
      create trigger items_fts_insert after insert on items begin
        insert into items_fts(rowid, title, body, kind)
        values (new.id, ${folded('new.title')}, ${folded('new.plain')}, ${itemKind('new.')});
      end
    `.execute(db);
    await sql`
      create trigger items_fts_update
      after update of title, plain, type, language, deleted_at on items begin
        delete from items_fts where rowid = old.id;
        insert into items_fts(rowid, title, body, kind)
        values (new.id, ${folded('new.title')}, ${folded('new.plain')}, ${itemKind('new.')});
      end
    `.execute(db);
  }
  await db.schema.dropTable('file_text_revisions').ifExists().execute();
  await db.schema.dropTable('file_texts').ifExists().execute();
  await db.schema.alterTable('items').dropColumn('scan_text').execute();
}
