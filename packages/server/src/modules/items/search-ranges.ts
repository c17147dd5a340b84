import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** How often a server makes the ranges its new items will need. */
export const SEARCH_RANGES_EVERY_MS = 60 * 60 * 1000;

/**
 * PostgreSQL: makes the id ranges of `item_search` (migration 0029) up to two ranges above
 * `newest` (by default the newest item's id), moving into them the rows the DEFAULT partition
 * holds for them; how many it made. Nothing on SQLite (its FTS5 index has no ranges).
 */
export async function makeSearchRanges(
  db: Executor,
  dialect: Dialect,
  newest?: number,
): Promise<number> {
  if (dialect !== 'postgres') return 0;
  const upTo = newest ?? sql`(select coalesce(max(id), 0) from items)`;
  const { rows } = await sql<{ made: number }>`
    select kinfolio_item_search_ranges(${upTo}) as made
  `.execute(db);
  return Number(rows[0]?.made ?? 0);
}

/**
 * Keeps the ranges ahead of the ids while a server runs: at once, then every
 * SEARCH_RANGES_EVERY_MS (two ranges are 200,000 items, more than a family adds in that time
 * but through a bulk load, which makes its own). Returns the stop function.
 */
export function keepSearchRanges(
  db: Kysely<Database>,
  dialect: Dialect,
  onError: (error: unknown) => void,
): () => void {
  if (dialect !== 'postgres') return () => undefined;
  const run = () => void makeSearchRanges(db, dialect).catch(onError);
  run();
  const timer = setInterval(run, SEARCH_RANGES_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
