import type { ItemType } from '@kinfolio/contract';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** FTS5 strings in double quotes are literal; the trailing * makes the last one a prefix. */
function ftsTerms(terms: string[]): string {
  return terms.map((term, i) => `"${term}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
}

/** Rows of a full-text match: the matching item ids with a relevance score (higher is better). */
export interface MatchRow {
  item_id: number;
  score: number;
}

/**
 * The one dialect-specific part of the items module: a subquery of the items matching `terms`
 * (all of them, the last one as a prefix), case- and accent-insensitively. `terms` are letters
 * and digits only (see searchTerms), and are passed as parameters besides.
 */
export function matchQuery(dialect: Dialect, terms: string[]): RawBuilder<MatchRow> {
  if (dialect === 'postgres') {
    const expression = terms
      .map((term, index) => (index === terms.length - 1 ? `${term}:*` : term))
      .join(' & ');
    return sql<MatchRow>`(
      select i.id as item_id, ts_rank(i.search_vector, q.query) as score
      from items i, to_tsquery('simple'::regconfig, kinfolio_unaccent(${expression})) q(query)
      where i.search_vector @@ q.query
    )`;
  }
  const expression = `{title body} : (${ftsTerms(terms)})`;
  // bm25: lower is better; the title weighs ten times the text. LIMIT -1 keeps SQLite from
  // flattening the subquery into an aggregate, where bm25 cannot be evaluated.
  return sql<MatchRow>`(
    select rowid as item_id, -bm25(items_fts, 10.0, 1.0, 0.0) as score
    from items_fts where items_fts match ${expression} limit -1
  )`;
}

/** What a per-type search looks at: live items of one type, optionally of one language. */
export interface SearchScope {
  type: ItemType;
  language?: string | undefined;
}

/**
 * A per-type search: how many live items match, and one page of them best first (then newest).
 * On SQLite the count matches the scope inside the FTS5 index (its `kind` tokens); the page ranks
 * the text alone with FTS5's own `rank` and checks the scope in `items` (see below).
 */
export function scopedSearch(dialect: Dialect, terms: string[], scope: SearchScope) {
  if (dialect === 'postgres') {
    const expression = terms
      .map((term, index) => (index === terms.length - 1 ? `${term}:*` : term))
      .join(' & ');
    const query = sql`to_tsquery('simple'::regconfig, kinfolio_unaccent(${expression}))`;
    const matching = (db: Executor) =>
      db
        .selectFrom('items')
        .where(sql<boolean>`search_vector @@ ${query}`)
        .where('type', '=', scope.type)
        .where('deleted_at', 'is', null)
        .$if(scope.language !== undefined, (q) => q.where('language', '=', scope.language!));
    return {
      async count(db: Executor): Promise<number> {
        const row = await matching(db)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      },
      page(db: Executor, limit: number, offset: number): Promise<MatchRow[]> {
        return matching(db)
          .select(['id as item_id', sql<number>`ts_rank(search_vector, ${query})`.as('score')])
          .orderBy('score', 'desc')
          .orderBy('date', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute();
      },
    };
  }
  const scopeTokens = [`t${scope.type}`, 'live', ...(scope.language ? [`l${scope.language}`] : [])];
  const text = `{title body} : (${ftsTerms(terms)})`;
  const scoped = `kind : (${scopeTokens.map((token) => `"${token}"`).join(' AND ')}) AND ${text}`;
  return {
    async count(db: Executor): Promise<number> {
      // Counting never ranks, so the scope tokens are cheap here and spare a lookup in `items`
      // (a wide row) per match of a common word.
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from items_fts where items_fts match ${scoped}
      `.execute(db);
      return Number(rows[0]?.n ?? 0);
    },
    async page(db: Executor, limit: number, offset: number): Promise<MatchRow[]> {
      // Ranking a query that names the scope tokens costs their document frequencies, i.e. a
      // walk of posting lists as long as the archive ("live", "tpost"): the text alone is ranked
      // here (the kind column weighs 0, so the scores are the same) and FTS5 hands the matches
      // over best first, the scope being checked in `items` for only as many as the page needs
      // (all the text matches at worst, when few of them are in scope: about as long as ranking
      // the scoped query was; listItems skips the page when the count says it is empty).
      const { rows } = await sql<MatchRow>`
        select f.rowid as item_id, -f.rank as score
        from items_fts f join items i on i.id = f.rowid
        where items_fts match ${text} and i.type = ${scope.type} and i.deleted_at is null
        ${scope.language ? sql`and i.language = ${scope.language}` : sql``}
        order by f.rank limit ${limit} offset ${offset}
      `.execute(db);
      return rows;
    },
  };
}
