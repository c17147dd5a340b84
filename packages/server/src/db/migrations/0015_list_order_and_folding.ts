import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Lists people can steer (sort by title, accents and ligatures folded):
 * - Both: live lists ordered by title read a partial index (type, title, id) of live items, like
 *   the date order reads items_live_idx.
 * - SQLite: `ß`/`ss`, `œ`/`oe`, `æ`/`ae` (and the other letters below) find each other. FTS5's
 *   unicode61 tokenizer removes accents but leaves these letters as they are, so the index is
 *   written with them spelled out, and the server folds search terms the same way (the
 *   contract's LETTER_FOLDS; a test keeps the two tables equal). Only the rows holding one of
 *   them are indexed again. PostgreSQL's `unaccent` maps them already (`kinfolio_unaccent`).
 */
export const FOLDS: readonly (readonly [string, string])[] = [
  ['ß', 'ss'],
  ['ẞ', 'ss'],
  ['œ', 'oe'],
  ['Œ', 'oe'],
  ['æ', 'ae'],
  ['Æ', 'ae'],
  ['ø', 'o'],
  ['Ø', 'o'],
  ['ł', 'l'],
  ['Ł', 'l'],
  ['đ', 'd'],
  ['Đ', 'd'],
  ['ð', 'd'],
  ['Ð', 'd'],
  ['þ', 'th'],
  ['Þ', 'th'],
  ['ĳ', 'ij'],
  ['Ĳ', 'ij'],
  ['ﬁ', 'fi'],
  ['ﬂ', 'fl'],
];

/** `column` with the letters of FOLDS spelled out, as SQL (nested replace(); no extension). */
export function folded(column: string): RawBuilder<string> {
  return sql.raw(
    FOLDS.reduce((expression, [letter, spelled]) => {
      return `replace(${expression}, '${letter}', '${spelled}')`;
    }, column),
  );
}

/** Rows whose columns hold a letter to fold: `col glob '*[ßẞœ…]*' or …`. */
function holdsFoldable(columns: string[]): RawBuilder<boolean> {
  const glob = `'*[${FOLDS.map(([letter]) => letter).join('')}]*'`;
  return sql.raw(columns.map((column) => `${column} glob ${glob}`).join(' or '));
}

/** An item's FTS5 scope tokens: `tpost lfr live` (`new.` inside triggers, bare when copying). */
export const itemKind = (row: string) =>
  sql.raw(
    `'t' || ${row}type || ' l' || ${row}language || ` +
      `case when ${row}deleted_at is null then ' live' else ' trash' end`,
  );
const recordKind = (row: string) =>
  sql.raw(`'l' || ${row}lang || case when ${row}deleted_at is null then ' live' else ' trash' end`);

async function itemTriggers(db: Kysely<unknown>, fold: (column: string) => RawBuilder<string>) {
  for (const trigger of ['items_fts_insert', 'items_fts_update']) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`
    create trigger items_fts_insert after insert on items begin
      insert into items_fts(rowid, title, body, kind)
      values (new.id, ${fold('new.title')}, ${fold('new.plain')}, ${itemKind('new.')});
    end
  `.execute(db);
  await sql`
    create trigger items_fts_update
    after update of title, plain, type, language, deleted_at on items begin
      delete from items_fts where rowid = old.id;
      insert into items_fts(rowid, title, body, kind)
      values (new.id, ${fold('new.title')}, ${fold('new.plain')}, ${itemKind('new.')});
    end
  `.execute(db);
}

async function recordTriggers(db: Kysely<unknown>, fold: (column: string) => RawBuilder<string>) {
  for (const trigger of ['records_fts_insert', 'records_fts_update']) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`
    create trigger records_fts_insert after insert on records begin
      insert into records_fts(rowid, title, summary, info, transcript, kind)
      values (new.id, ${fold('new.title')}, ${fold('new.summary')}, ${fold('new.info')},
        ${fold('new.rawtranscription')}, ${recordKind('new.')});
    end
  `.execute(db);
  await sql`
    create trigger records_fts_update
    after update of title, summary, info, rawtranscription, lang, deleted_at on records begin
      delete from records_fts where rowid = old.id;
      insert into records_fts(rowid, title, summary, info, transcript, kind)
      values (new.id, ${fold('new.title')}, ${fold('new.summary')}, ${fold('new.info')},
        ${fold('new.rawtranscription')}, ${recordKind('new.')});
    end
  `.execute(db);
}

/** Writes again the index rows of the rows holding a foldable letter, through `fold`. */
async function reindex(db: Kysely<unknown>, fold: (column: string) => RawBuilder<string>) {
  const items = holdsFoldable(['title', 'plain']);
  await sql`delete from items_fts where rowid in (select id from items where ${items})`.execute(db);
  await sql`
    insert into items_fts(rowid, title, body, kind)
    select id, ${fold('title')}, ${fold('plain')}, ${itemKind('')} from items where ${items}
  `.execute(db);
  const records = holdsFoldable(['title', 'summary', 'info', 'rawtranscription']);
  await sql`
    delete from records_fts where rowid in (select id from records where ${records})
  `.execute(db);
  await sql`
    insert into records_fts(rowid, title, summary, info, transcript, kind)
    select id, ${fold('title')}, ${fold('summary')}, ${fold('info')},
      ${fold('rawtranscription')}, ${recordKind('')}
    from records where ${records}
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('items_live_title_idx')
    .on('items')
    .columns(['type', 'title', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  if (isPostgres(db)) return;
  await itemTriggers(db, folded);
  await recordTriggers(db, folded);
  await reindex(db, folded);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('items_live_title_idx').ifExists().execute();
  if (isPostgres(db)) return;
  const asIs = (column: string) => sql.raw(column) as RawBuilder<string>;
  await itemTriggers(db, asIs);
  await recordTriggers(db, asIs);
  await reindex(db, asIs);
}
