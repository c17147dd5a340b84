import { timeCodeOf, type RecordSegmentHit } from '@kinfolio/contract';
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { Dialect } from '../../../db/connect.js';

/** A record matching a search through one of its segments, with its relevance (higher is better). */
export interface SegmentRecordMatch {
  record_id: number;
  score: number;
}

/** PostgreSQL: every term, the last one as a prefix, accents folded (as records' own search). */
const tsQuery = (terms: string[]) => {
  const last = terms.length - 1;
  const expression = terms.map((term, index) => (index === last ? `${term}:*` : term)).join(' & ');
  return sql`to_tsquery('simple'::regconfig, kinfolio_unaccent(${expression}))`;
};

/** SQLite: every term quoted, the last one as a prefix. */
const ftsQuery = (terms: string[]) => {
  const last = terms.length - 1;
  return terms.map((term, index) => `"${term}"${index === last ? '*' : ''}`).join(' ');
};

/**
 * The segments' side of a records search: a subquery of the records (live, or in the trash) one
 * of whose segments holds every term in its title, synopsis, keywords or transcript, scored by
 * their best segment. `titleScore` (a word too common to rank): 0, below records with the words
 * in their title.
 */
export function segmentMatches(
  dialect: Dialect,
  terms: string[],
  trash: boolean,
  titleScore = false,
): RawBuilder<SegmentRecordMatch> {
  const deleted = trash ? sql`is not null` : sql`is null`;
  if (dialect === 'postgres') {
    const query = tsQuery(terms);
    const score = titleScore ? sql`0` : sql`max(ts_rank(s.search_vector, ${query}))`;
    return sql<SegmentRecordMatch>`(
      select s.record_id, ${score} as score from record_segments s
      join records r on r.id = s.record_id
      where s.search_vector @@ ${query} and r.deleted_at ${deleted}
      group by s.record_id
    )`;
  }
  const score = titleScore ? sql`0` : sql`max(f.score)`;
  // LIMIT -1 keeps SQLite from flattening the subquery, where FTS5's rank cannot be read.
  return sql<SegmentRecordMatch>`(
    select s.record_id, ${score} as score from (
      select rowid as segment_id, -rank as score from record_segments_fts
      where record_segments_fts match ${ftsQuery(terms)}
      limit -1
    ) f
    join record_segments s on s.id = f.segment_id
    join records r on r.id = s.record_id
    where r.deleted_at ${deleted}
    group by s.record_id
  )`;
}

interface HitRow {
  id: number;
  record_id: number;
  title: string;
  start_seconds: number;
  score: number;
}

/**
 * For each of these records, its segment that best matches the terms (the earliest among equals):
 * where a search hit should start playing. Records with no matching segment are absent.
 */
export async function segmentHits(
  ctx: AppContext,
  recordIds: number[],
  terms: string[],
): Promise<Map<number, RecordSegmentHit>> {
  if (recordIds.length === 0 || terms.length === 0) return new Map();
  const ids = sql.join(recordIds.map((id) => sql`${id}`));
  const { rows } =
    ctx.dialect === 'postgres'
      ? await sql<HitRow>`
          select s.id, s.record_id, s.title, s.start_seconds,
            ts_rank(s.search_vector, ${tsQuery(terms)}) as score
          from record_segments s
          where s.record_id in (${ids}) and s.search_vector @@ ${tsQuery(terms)}
        `.execute(ctx.db)
      : await sql<HitRow>`
          select s.id, s.record_id, s.title, s.start_seconds, f.score from (
            select rowid as segment_id, -rank as score from record_segments_fts
            where record_segments_fts match ${ftsQuery(terms)}
            limit -1
          ) f
          join record_segments s on s.id = f.segment_id
          where s.record_id in (${ids})
        `.execute(ctx.db);
  const best = new Map<number, HitRow>();
  for (const row of rows) {
    const recordId = Number(row.record_id);
    const held = best.get(recordId);
    const score = Number(row.score);
    const start = Number(row.start_seconds);
    if (
      !held ||
      score > Number(held.score) ||
      (score === Number(held.score) && start < Number(held.start_seconds))
    ) {
      best.set(recordId, row);
    }
  }
  return new Map(
    [...best].map(([recordId, row]) => {
      const start = Number(row.start_seconds);
      return [
        recordId,
        { id: Number(row.id), title: row.title, start, time_code: timeCodeOf(start) },
      ];
    }),
  );
}
