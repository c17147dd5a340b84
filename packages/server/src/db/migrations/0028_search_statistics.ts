import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL: ten times the default statistics on the items' search vectors. The planner's
 * estimate of a word's matches, which `/api/search` reads to choose between walking the newest
 * items and the GIN index (search.ts plannedMatches), comes from the most common lexemes ANALYZE
 * keeps: 1,000 of them by default, too few for a million items in five languages, where most words
 * then got a floor estimate. With 10,000, the p95 of `/api/search`'s cold reads at a million items
 * went from 148–175 ms (median of five runs 156) to 97–142 (median of six 116), one word's from a
 * median of 138 to 109 (bench/results/2026-11-27-postgres-1M-cold-s11.md). The table is analysed
 * at once, so the estimates do not wait for the next automatic analysis.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table items alter column search_vector set statistics 1000`.execute(db);
  await sql`analyze items`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table items alter column search_vector set statistics -1`.execute(db);
}
