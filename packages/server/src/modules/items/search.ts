import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/connect.js';

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
  // FTS5 strings in double quotes are literal; the trailing * makes the last one a prefix.
  const expression = terms
    .map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`)
    .join(' ');
  // bm25: lower is better; the title weighs ten times the text. LIMIT -1 keeps SQLite from
  // flattening the subquery into an aggregate, where bm25 cannot be evaluated.
  return sql<MatchRow>`(
    select rowid as item_id, -bm25(items_fts, 10.0, 1.0) as score
    from items_fts where items_fts match ${expression} limit -1
  )`;
}
