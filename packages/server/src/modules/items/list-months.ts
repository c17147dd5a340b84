import { sql, type Kysely, type Transaction } from 'kysely';
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
    filter.dateFrom === undefined &&
    filter.dateBefore === undefined &&
    linkFilterCount(filter) === 0
  );
}

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
  const direction = sql.raw(filter.sort === 'oldest' ? 'asc' : 'desc');
  // `nullif` gives the items without a date their place in this engine's order of `date`.
  const order = sql`order by nullif(month, '') ${direction}`;
  const language = filter.language ? sql`and language = ${filter.language}` : sql``;
  const { rows } = await sql<{
    month: string;
    before: number | string;
    previous: string | null;
    nulls_after: number | string;
  }>`
    with b as (
      select month, sum(n) as n from item_list_months
      where item_type = ${filter.type} ${language}
      group by month having sum(n) > 0
    ), w as (
      select month, n,
        sum(n) over (${order} rows unbounded preceding) as upto,
        lag(month) over (${order}) as previous
      from b
    )
    select w.month, w.upto - w.n as before, w.previous,
      (select count(*) from w o where o.month = '' and o.upto > w.upto) as nulls_after
    from w where w.upto > ${offset}
    order by w.upto
    limit 1
  `.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    month: row.month,
    before: Number(row.before),
    previous: row.previous,
    nullsAfter: Number(row.nulls_after) > 0,
  };
}
