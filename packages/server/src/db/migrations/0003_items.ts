import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * The archive: plain-text columns for previews and search, revisions, list indexes and the
 * full-text index. Search is the one dialect-specific part:
 * - SQLite: a contentless FTS5 table (unicode61, diacritics removed) kept in sync by triggers on
 *   `items`, so every write path (API, demo seed, benchmark loader) updates it in its transaction;
 * - PostgreSQL: a generated `search_vector` tsvector over unaccented title (weight A) and text
 *   (weight B) with the 'simple' configuration (five languages, no stemming), GIN-indexed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // `plain`: the content without markup, entities decoded; `preview`: its first 150 characters.
  await db.schema
    .alterTable('items')
    .addColumn('plain', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('items')
    .addColumn('preview', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('items')
    .addColumn('revisions_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('item_revisions'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    // JSON of the contract's RevisionData: the version replaced by the change.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('item_revisions_item_idx')
    .on('item_revisions')
    .columns(['item_id', 'id'])
    .execute();

  // Lists: type, trash state, optional language, newest date first (id breaks ties).
  await db.schema.dropIndex('items_type_date_idx').execute();
  await db.schema
    .createIndex('items_list_idx')
    .on('items')
    .columns(['type', 'deleted_at', 'date', 'id'])
    .execute();
  await db.schema
    .createIndex('items_list_language_idx')
    .on('items')
    .columns(['type', 'language', 'deleted_at', 'date', 'id'])
    .execute();
  await db.schema
    .createIndex('items_revised_idx')
    .on('items')
    .columns(['type', 'revisions_count'])
    .execute();
  // One translation per language of an original.
  await db.schema
    .createIndex('items_translation_language_uq')
    .on('items')
    .columns(['parent_id', 'language'])
    .unique()
    .where(sql.ref('parent_id'), 'is not', null)
    .execute();

  if (isPostgres(db)) {
    await sql`create extension if not exists unaccent`.execute(db);
    // unaccent() is only STABLE; an index expression needs an IMMUTABLE function with the
    // dictionary named explicitly.
    await sql`
      create or replace function kinfolio_unaccent(text) returns text
      language sql immutable parallel safe strict
      as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$
    `.execute(db);
    // The text parser reads `<...>` as markup and would skip what follows: plain text may
    // contain < and > (decoded entities), so they become spaces before parsing.
    await sql`
      create or replace function kinfolio_search_text(text) returns text
      language sql immutable parallel safe strict
      as $$ select kinfolio_unaccent(translate($1, '<>', '  ')) $$
    `.execute(db);
    await sql`
      alter table items add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(title)), 'A') ||
        setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(plain)), 'B')
      ) stored
    `.execute(db);
    await sql`create index items_search_idx on items using gin (search_vector)`.execute(db);
    return;
  }

  await sql`
    create virtual table items_fts using fts5(
      title, body, content='', contentless_delete=1,
      tokenize = 'unicode61 remove_diacritics 2'
    )
  `.execute(db);
  await sql`
    create trigger items_fts_insert after insert on items begin
      insert into items_fts(rowid, title, body) values (new.id, new.title, new.plain);
    end
  `.execute(db);
  await sql`
    create trigger items_fts_update after update of title, plain on items begin
      delete from items_fts where rowid = old.id;
      insert into items_fts(rowid, title, body) values (new.id, new.title, new.plain);
    end
  `.execute(db);
  await sql`
    create trigger items_fts_delete after delete on items begin
      delete from items_fts where rowid = old.id;
    end
  `.execute(db);
  // Items written before this migration (none in practice) get indexed too.
  await sql`insert into items_fts(rowid, title, body) select id, title, plain from items`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists items_search_idx`.execute(db);
    await sql`alter table items drop column if exists search_vector`.execute(db);
    await sql`drop function if exists kinfolio_search_text(text)`.execute(db);
    await sql`drop function if exists kinfolio_unaccent(text)`.execute(db);
  } else {
    for (const trigger of ['items_fts_insert', 'items_fts_update', 'items_fts_delete']) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table if exists items_fts`.execute(db);
  }
  for (const index of [
    'items_translation_language_uq',
    'items_revised_idx',
    'items_list_language_idx',
    'items_list_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema
    .createIndex('items_type_date_idx')
    .on('items')
    .columns(['type', 'date'])
    .execute();
  await db.schema.dropTable('item_revisions').ifExists().execute();
  for (const column of ['revisions_count', 'preview', 'plain']) {
    await db.schema.alterTable('items').dropColumn(column).execute();
  }
}
