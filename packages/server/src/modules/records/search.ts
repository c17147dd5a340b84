import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import { segmentMatches } from './segments/search.js';

/** A record matching a search, with its relevance (higher is better). */
export interface RecordMatch {
  record_id: number;
  score: number;
}

/**
 * The one dialect-specific part of the records module: a subquery of the records matching every
 * term (the last one as a prefix) in title, summary, info or transcript, accents and case
 * ignored, as items search (migration 0013 builds the indexes). `trash` picks the trash or the
 * live records; segments' words count too (segments/search.ts). Terms are letters and digits only (the items module's searchTerms), and are
 * passed as parameters besides. Unlike items, every match is ranked: a family keeps hundreds of
 * records, not a million. `titleScore`: the score is 1 when the words are in the title, else 0,
 * as items score a word too common to rank (so the two can be merged in `/api/search`).
 */
export function recordMatches(
  dialect: Dialect,
  terms: string[],
  trash: boolean,
  titleScore = false,
): RawBuilder<RecordMatch> {
  // A record matches by its own words or by those of one of its segments, scored by the best.
  return sql<RecordMatch>`(
    select record_id, max(score) as score from (
      select o.record_id, o.score from ${ownMatches(dialect, terms, trash, titleScore)} o
      union all
      select g.record_id, g.score from ${segmentMatches(dialect, terms, trash, titleScore)} g
    ) u
    group by record_id
  )`;
}

/** The records whose own title, summary, info or transcript match. */
function ownMatches(
  dialect: Dialect,
  terms: string[],
  trash: boolean,
  titleScore: boolean,
): RawBuilder<RecordMatch> {
  const last = terms.length - 1;
  if (dialect === 'postgres') {
    const expression = (inTitle: boolean) =>
      terms
        .map((term, index) =>
          index === last ? `${term}:*${inTitle ? 'A' : ''}` : inTitle ? `${term}:A` : term,
        )
        .join(' & ');
    const tsQuery = (inTitle: boolean) =>
      sql`to_tsquery('simple'::regconfig, kinfolio_unaccent(${expression(inTitle)}))`;
    const score = titleScore
      ? sql`case when search_vector @@ ${tsQuery(true)} then 1 else 0 end`
      : sql`ts_rank(search_vector, ${tsQuery(false)})`;
    return sql<RecordMatch>`(
      select id as record_id, ${score} as score from records
      where search_vector @@ ${tsQuery(false)}
        and deleted_at ${trash ? sql`is not null` : sql`is null`}
    )`;
  }
  const text = terms.map((term, index) => `"${term}"${index === last ? '*' : ''}`).join(' ');
  const match = `kind : "${trash ? 'trash' : 'live'}" AND {title summary info transcript} : (${text})`;
  const score = titleScore
    ? sql`(rowid in (select rowid from records_fts where records_fts match ${`{title} : (${text})`}))`
    : sql`-rank`;
  // LIMIT -1 keeps SQLite from flattening the subquery, where FTS5's rank cannot be read.
  return sql<RecordMatch>`(
    select rowid as record_id, ${score} as score from records_fts
    where records_fts match ${match}
    limit -1
  )`;
}
