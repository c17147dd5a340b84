import {
  ITEM_TYPES,
  PLANNING_KINDS,
  PLANNING_LIMITS,
  type PlanningBuckets,
  type PlanningBucketsQuery,
  type PlanningDayQuery,
  type PlanningEntry,
  type PlanningFilters,
  type PlanningKind,
  type PlanningOnThisDay,
  type PlanningOnThisDayQuery,
  type PlanningUnit,
} from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { pageWindow, type Page } from '../../http/paginate.js';
import { categoriesRepository } from '../categories/index.js';
import { planningRepository, type PlanningScope } from './repository.js';

/** The start of `to`'s day's end: every ISO instant of that day sorts before it. */
const endOf = (day: string) => `${day}T24:00:00.000Z`;
const startOf = (day: string) => `${day}T00:00:00.000Z`;

/**
 * The filters as a scope; undefined when nothing can match (a category that no longer exists,
 * like the lists' stale address). A tag or category leaves the records out: they have neither.
 */
async function scopeOf(
  ctx: AppContext,
  filters: PlanningFilters,
  range: { from?: string; to?: string; monthDay?: string },
): Promise<PlanningScope | undefined> {
  const categorySets: number[][] = [];
  if (filters.category !== undefined) {
    const ids = await categoriesRepository(ctx.db).subtreeIds(filters.category);
    if (ids.length === 0) return undefined;
    categorySets.push(ids);
  }
  const itemTypes =
    filters.type === undefined
      ? [...ITEM_TYPES]
      : ITEM_TYPES.filter((type) => type === filters.type);
  const linked = filters.tag !== undefined || filters.category !== undefined;
  return {
    itemTypes,
    records: (filters.type === undefined || filters.type === 'record') && !linked,
    narrowing: {
      language: filters.lang,
      dateFrom: range.from === undefined ? undefined : startOf(range.from),
      dateBefore: range.to === undefined ? undefined : endOf(range.to),
      categorySets,
      participantIds: filters.participant === undefined ? [] : [filters.participant],
      tagIds: filters.tag === undefined ? [] : [filters.tag],
    },
    ...(range.monthDay === undefined ? {} : { monthDay: range.monthDay }),
  };
}

const zeroCounts = () =>
  Object.fromEntries(PLANNING_KINDS.map((kind) => [kind, 0])) as Record<PlanningKind, number>;

function bucketStart(unit: PlanningUnit, prefix: string): string {
  switch (unit) {
    case 'decade':
      return `${prefix}0-01-01`;
    case 'year':
      return `${prefix}-01-01`;
    case 'month':
      return `${prefix}-01`;
    case 'day':
      return prefix;
  }
}

export async function planningBuckets(
  ctx: AppContext,
  query: PlanningBucketsQuery,
): Promise<PlanningBuckets> {
  const scope = await scopeOf(ctx, query, { from: query.from, to: query.to });
  if (!scope) return { unit: query.unit, buckets: [] };
  const rows = await planningRepository(ctx.db).buckets(scope, query.unit);
  const buckets = new Map<string, PlanningBuckets['buckets'][number]>();
  for (const row of rows) {
    let bucket = buckets.get(row.bucket);
    if (!bucket) {
      bucket = { start: bucketStart(query.unit, row.bucket), count: 0, by_type: zeroCounts() };
      buckets.set(row.bucket, bucket);
    }
    bucket.count += row.count;
    bucket.by_type[row.kind as PlanningKind] += row.count;
  }
  return { unit: query.unit, buckets: [...buckets.values()] };
}

export async function planningDay(
  ctx: AppContext,
  query: PlanningDayQuery,
): Promise<Page<PlanningEntry>> {
  const window = pageWindow(query);
  const scope = await scopeOf(ctx, query, { from: query.date, to: query.date });
  if (!scope) return { window, total: 0, data: [] };
  const repo = planningRepository(ctx.db);
  const total = await repo.count(scope);
  const data = window.offset < total ? await repo.page(scope, window.limit, window.offset) : [];
  return { window, total, data };
}

export async function planningOnThisDay(
  ctx: AppContext,
  query: PlanningOnThisDayQuery,
): Promise<PlanningOnThisDay> {
  const answer: PlanningOnThisDay = { month: query.month, day: query.day, years: [] };
  const scope = await scopeOf(ctx, query, { monthDay: `${query.month}-${query.day}` });
  if (!scope) return answer;
  const repo = planningRepository(ctx.db);
  const years = await repo.years(scope, PLANNING_LIMITS.onThisDayYears);
  const oldest = years.at(-1);
  if (!oldest) return answer;
  const rows = await repo.firstOfYears(scope, oldest.year, PLANNING_LIMITS.onThisDayPerYear);
  answer.years = years.map(({ year, count }) => ({
    year: Number(year),
    count,
    entries: rows.filter((row) => row.date.startsWith(year)),
  }));
  return answer;
}
