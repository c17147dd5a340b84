import { sql, type Kysely } from 'kysely';
import { folded, itemKind } from './0015_list_order_and_folding.js';
import { isPostgres } from './helpers.js';

/**
 * SQLite: the items' FTS5 index keeps prefix indexes of 3 and 4 letters. Every search reads its
 * last word as a prefix (`the` finds `them`, `there`…), and without these FTS5 merged the posting
 * lists of every word starting with it at each query: `the` at a million items, 30 to 90 ms per
 * query and four such queries per `/api/search`, against 1 to 5 ms from a prefix index. Longer
 * prefixes have few words to merge. The index grows (277 to 671 MB at a million items) and is
 * written again here (80 s at a million items). PostgreSQL's GIN index finds prefixes itself.
 */
const PREFIXES = '3 4';

async function rebuild(db: Kysely<unknown>, prefixes: string | undefined): Promise<void> {
  // The triggers on `items` name the table and are read when they fire: they stay as they are.
  await sql`drop table items_fts`.execute(db);
  const prefix = prefixes === undefined ? sql`` : sql`, prefix = ${sql.lit(prefixes)}`;
  await sql`
    create virtual table items_fts using fts5(
      title, body, kind, content='', contentless_delete=1,
      tokenize = 'unicode61 remove_diacritics 2'${prefix}
    )
  `.execute(db);
  await sql`insert into items_fts(items_fts, rank) values ('rank', 'bm25(10.0, 1.0, 0.0)')`.execute(
    db,
  );
  await sql`
    insert into items_fts(rowid, title, body, kind)
    select id, ${folded('title')}, ${folded('plain')}, ${itemKind('')} from items
  `.execute(db);
  // One segment: the bulk insert leaves many, and each is read by every query.
  await sql`insert into items_fts(items_fts) values ('optimize')`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await rebuild(db, PREFIXES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await rebuild(db, undefined);
}
