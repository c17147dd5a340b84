import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/connect.js';

/** A record matching a search, with its relevance (higher is better). */
export interface RecordMatch {
  record_id: number;
  score: number;
}

/**
 * The one dialect-specific part of the records module: a subquery of the records matching every
 * term (the last one as a prefix) in title, summary, info or transcript, accents and case
 * ignored, as items search (migration 0013 builds the indexes). `trash` picks the trash or the
 * live records. Terms are letters and digits only (the items module's searchTerms), and are
 * passed as parameters besides. Unlike items, every match is ranked: a family keeps hundreds of
 * records, not a million.
 */
export function recordMatches(
  dialect: Dialect,
  terms: string[],
  trash: boolean,
): RawBuilder<RecordMatch> {
  if (dialect === 'postgres') {
    const expression = terms
      .map((term, index) => (index === terms.length - 1 ? `${term}:*` : term))
      .join(' & ');
    const query = sql`to_tsquery('simple'::regconfig, kinfolio_unaccent(${expression}))`;
    return sql<RecordMatch>`(
      select id as record_id, ts_rank(search_vector, ${query}) as score from records
      where search_vector @@ ${query}
        and deleted_at ${trash ? sql`is not null` : sql`is null`}
    )`;
  }
  const text = terms
    .map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`)
    .join(' ');
  const match = `kind : "${trash ? 'trash' : 'live'}" AND {title summary info transcript} : (${text})`;
  // LIMIT -1 keeps SQLite from flattening the subquery, where FTS5's rank cannot be read.
  return sql<RecordMatch>`(
    select rowid as record_id, -rank as score from records_fts
    where records_fts match ${match}
    limit -1
  )`;
}
