import { sql, type Expression, type RawBuilder } from 'kysely';
import { pageWindow, type Page } from '../../http/paginate.js';
import { escapeHtml, snippet } from './text.js';

/*
 * How every entry list is read and answered, items and records alike: the count first (a page
 * past the end, an old address most often, reads no rows), then the page's rows in list order;
 * a search's hits best first, each row with a snippet around the first match.
 */

export interface PageQuery {
  page: number;
  per_page: number;
}

const DAY_MS = 86_400_000;
/**
 * UTC midnight of a calendar day, `days` later, as stored dates are written; undefined past 9999.
 * A list's `date_from` is the start of its day, its `date_to` the start of the day after.
 */
export function dayStart(day: string | undefined, days = 0): string | undefined {
  if (day === undefined) return undefined;
  const iso = new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString();
  return /^\d{4}-/.test(iso) ? iso : undefined;
}

/** The rows of a list: how many, and a page of them in list order. */
export interface ListSource<Row> {
  count(): Promise<number>;
  rows(limit: number, offset: number): Promise<Row[]>;
}

/** A search's matches: how many, and a page of their ids, best first (rankOrder). */
export interface SearchSource {
  count(): Promise<number>;
  hits(limit: number, offset: number): Promise<number[]>;
}

/** One page of a list, presented. */
export async function listPage<Row, Shown>(
  query: PageQuery,
  source: ListSource<Row>,
  present: (rows: Row[]) => Promise<Shown[]>,
): Promise<Page<Shown>> {
  const window = pageWindow(query);
  const total = await source.count();
  const rows = window.offset < total ? await source.rows(window.limit, window.offset) : [];
  return { window, total, data: await present(rows) };
}

/**
 * One page of a search's hits in rank order, presented with their snippets: around the first
 * match in the first of `columns` that has one, else the row's `preview` (all escaped).
 */
export async function searchPage<Row extends { id: number; preview: string }, Shown>(
  query: PageQuery,
  words: string[],
  search: SearchSource,
  columns: NoInfer<readonly (keyof Row & string)[]>,
  rowsByIds: (ids: number[]) => Promise<Row[]>,
  present: (rows: NoInfer<Row>[], snippetOf: (row: NoInfer<Row>) => string) => Promise<Shown[]>,
): Promise<Page<Shown>> {
  return listPage(
    query,
    {
      count: () => search.count(),
      async rows(limit, offset) {
        const ids = await search.hits(limit, offset);
        const byId = new Map((await rowsByIds(ids)).map((row) => [row.id, row]));
        return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
      },
    },
    (rows) => present(rows, (row) => snippetIn(row, columns, words)),
  );
}

/** Around the first match in the first of `columns` that has one, else the preview; escaped. */
export function snippetIn<Row extends { preview: string }>(
  row: Row,
  columns: readonly (keyof Row & string)[],
  words: string[],
): string {
  for (const column of columns) {
    const found = snippet(String(row[column] ?? ''), words);
    if (found) return found;
  }
  return escapeHtml(row.preview);
}

/**
 * The order of ranked hits, one rule for every entity and both engines: best score first, then
 * dated before undated, newest date, newest id. Each engine scores alike hits alike, and the id
 * settles every tie, so the same hits come in the same order after a restore into the other
 * engine (PostgreSQL and SQLite put nulls at opposite ends: the date's nulls are placed here).
 */
export function rankOrder(
  score: Expression<unknown>,
  date: Expression<unknown>,
  id: Expression<unknown>,
): [RawBuilder<unknown>, 'asc' | 'desc'][] {
  return [
    [sql`${score}`, 'desc'],
    [sql`case when ${date} is null then 1 else 0 end`, 'asc'],
    [sql`${date}`, 'desc'],
    [sql`${id}`, 'desc'],
  ];
}

/** rankOrder as the text of an ORDER BY clause, for a query written in SQL. */
export function rankOrderSql(
  score: Expression<unknown>,
  date: Expression<unknown>,
  id: Expression<unknown>,
): RawBuilder<unknown> {
  return sql.join(
    rankOrder(score, date, id).map(
      ([expression, direction]) => sql`${expression} ${sql.raw(direction)}`,
    ),
  );
}

/** A ranked hit: an entry's id and score; its date is read only to break a tie (pageByRank). */
export interface RankedHit {
  id: number;
  score: number;
}

/**
 * rankOrder over hits scored outside SQL, for the page `limit`/`offset`: the hits are sorted by
 * score, and only the hits of the scores that meet the page have their dates read (`datesOf`),
 * to order each tie as rankOrder does. Reading every hit's date would read every matching row
 * (on SQLite, past a long text, its overflow pages: 45 to 98 ms for 900 hits of 80 KB, against
 * 1 to 3 ms), while ties are rare among relevance scores.
 */
export async function pageByRank(
  hits: RankedHit[],
  limit: number,
  offset: number,
  datesOf: (ids: number[]) => Promise<Map<number, string | null>>,
): Promise<RankedHit[]> {
  const sorted = [...hits].sort((a, b) => b.score - a.score);
  const end = Math.min(offset + limit, sorted.length);
  if (offset >= end) return [];
  // The ties that meet the page, whole: from the first hit of the page's first score to the last
  // hit of its last score.
  let from = offset;
  while (from > 0 && sorted[from - 1]!.score === sorted[offset]!.score) from--;
  let to = end;
  while (to < sorted.length && sorted[to]!.score === sorted[end - 1]!.score) to++;
  const around = sorted.slice(from, to);
  const tied = around.filter(
    (hit, index) =>
      around[index - 1]?.score === hit.score || around[index + 1]?.score === hit.score,
  );
  const dates = tied.length ? await datesOf(tied.map((hit) => hit.id)) : new Map();
  const date = (hit: RankedHit) => dates.get(hit.id) ?? null;
  around.sort(
    (a, b) =>
      b.score - a.score ||
      Number(date(a) === null) - Number(date(b) === null) ||
      (date(b) ?? '').localeCompare(date(a) ?? '') ||
      b.id - a.id,
  );
  return around.slice(offset - from, end - from);
}
