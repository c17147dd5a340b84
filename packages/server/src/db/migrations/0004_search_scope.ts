import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Search and correlation at 100,000 items.
 * - SQLite: the FTS5 table gets a `kind` column of scope tokens (`tpost lfr live`), so a search
 *   filters by type, language and trash state inside the index and ranks with FTS5's `rank`
 *   (bm25, title ten times the text, kind not at all) without touching `items` for every match.
 * - Both: partial indexes of live items (lists) and of live originals (correlation table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL does not take `deleted_at IS NULL` as an equality when ordering by an index, so
  // the live lists get partial indexes: (type[, language], date, id) over live rows only.
  await db.schema
    .createIndex('items_live_idx')
    .on('items')
    .columns(['type', 'date', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('items_live_language_idx')
    .on('items')
    .columns(['type', 'language', 'date', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('items_originals_idx')
    .on('items')
    .columns(['type', 'date', 'id'])
    .where(sql<boolean>`parent_id is null and deleted_at is null`)
    .execute();
  if (isPostgres(db)) return;

  for (const trigger of ['items_fts_insert', 'items_fts_update', 'items_fts_delete']) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table if exists items_fts`.execute(db);
  await sql`
    create virtual table items_fts using fts5(
      title, body, kind, content='', contentless_delete=1,
      tokenize = 'unicode61 remove_diacritics 2'
    )
  `.execute(db);
  await sql`insert into items_fts(items_fts, rank) values ('rank', 'bm25(10.0, 1.0, 0.0)')`.execute(
    db,
  );
  // 'tpost lfr live': the scope tokens of a row (`new.` inside triggers, bare when copying).
  const kind = (row: string) =>
    sql.raw(
      `'t' || ${row}type || ' l' || ${row}language || ` +
        `case when ${row}deleted_at is null then ' live' else ' trash' end`,
    );
  await sql`
    create trigger items_fts_insert after insert on items begin
      insert into items_fts(rowid, title, body, kind)
      values (new.id, new.title, new.plain, ${kind('new.')});
    end
  `.execute(db);
  await sql`
    create trigger items_fts_update
    after update of title, plain, type, language, deleted_at on items begin
      delete from items_fts where rowid = old.id;
      insert into items_fts(rowid, title, body, kind)
      values (new.id, new.title, new.plain, ${kind('new.')});
    end
  `.execute(db);
  await sql`
    create trigger items_fts_delete after delete on items begin
      delete from items_fts where rowid = old.id;
    end
  `.execute(db);
  await sql`
    insert into items_fts(rowid, title, body, kind) select id, title, plain, ${kind('')} from items
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['items_originals_idx', 'items_live_language_idx', 'items_live_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  if (isPostgres(db)) return;
  for (const trigger of ['items_fts_insert', 'items_fts_update', 'items_fts_delete']) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table if exists items_fts`.execute(db);
  // Back to the 0003 shape: title and body only.
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
  await sql`insert into items_fts(rowid, title, body) select id, title, plain from items`.execute(
    db,
  );
}
