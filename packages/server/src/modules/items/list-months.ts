import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { linkFilterCount, type ListFilter } from './link-scope.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Whether a list is all the live items of a type, or of one language of it, by date: its total
 * and the month where a page starts come from item_list_months (migration 0025).
 */
export function byMonths(filter: ListFilter): boolean {
  return (
    filter.view === 'live' &&
    filter.sort !== 'title' &&
    !filter.storyLanguage &&
    !filter.ids &&
    filter.dateFrom === undefined &&
    filter.dateBefore === undefined &&
    linkFilterCount(filter) === 0
  );
}

/**
 * PostgreSQL: item_list_months written compactly again after a bulk load (seed-demo, a restore).
 * Each statement's upsert leaves the old versions of the rows it counts behind, and VACUUM frees
 * them without giving the pages back: after generating 100,000 items the table held its 16,077
 * rows on 617 pages, and a type's total, read by scanning it, took 13 ms instead of 1 ms on 103
 * pages. The table is small: its lock lasts milliseconds. Not inside a transaction.
 */
export async function compactListMonths(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`vacuum full analyze item_list_months`.execute(db);
}

/**
 * The offset from which a page starts at its month: up to a few thousand index entries are
 * walked faster than the months are read (0.6 ms for SQLite's GROUP BY of a type's months at
 * 100k items, where its walk of 2,000 entries takes 0.1 ms). Tests lower it to reach every path.
 */
export const MONTHS_FROM = { offset: 2000 };

/** The month holding a list's row at `offset`, and where that month starts in the list. */
export interface MonthStart {
  /** The date's first seven characters, '' for the items without a date. */
  month: string;
  /** How many rows of the list come before the month. */
  before: number;
  /** The month listed just before, if any. */
  previous: string | null;
  /** Whether the items without a date come after this month (where the engine puts nulls). */
  nullsAfter: boolean;
}

export async function monthStart(
  db: Executor,
  filter: ListFilter,
  offset: number,
): Promise<MonthStart | undefined> {
  // The engine orders the months (`nullif` puts the undated items where it puts null dates); the
  // running sum is taken here: SQLite's window functions took 2 ms on a few hundred months.
  const months = await db
    .selectFrom('item_list_months')
    .select(['month', sql<number | string>`sum(n)`.as('n')])
    .where('item_type', '=', filter.type)
    .$if(!!filter.language, (q) => q.where('language', '=', filter.language!))
    .groupBy('month')
    .having(sql`sum(n)`, '>', 0)
    .orderBy(sql`nullif(month, '')`, filter.sort === 'oldest' ? 'asc' : 'desc')
    .execute();
  let before = 0;
  for (const [i, { month, n }] of months.entries()) {
    const count = Number(n);
    if (before + count > offset) {
      return {
        month,
        before,
        previous: i > 0 ? months[i - 1]!.month : null,
        nullsAfter: i < months.length - 1 && months[months.length - 1]!.month === '',
      };
    }
    before += count;
  }
  return undefined;
}
