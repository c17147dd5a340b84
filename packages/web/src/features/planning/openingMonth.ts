import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanningFilters, PlanningUnit } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { planningKeys, planningQueries } from './api';
import { monthRequest } from './load';

/** The latest bucket's first day, or null when the span holds nothing (buckets come oldest first). */
async function latestStart(
  unit: PlanningUnit,
  from: string,
  to: string,
  filters: PlanningFilters,
  signal: AbortSignal,
): Promise<string | null> {
  const answer = await call(
    'planningBuckets',
    { query: { unit, from, to, ...filters } },
    { signal },
  );
  return answer.buckets.at(-1)?.start ?? null;
}

/**
 * The latest month with dated entries (`1987-04`), or null for an empty archive: narrowed from
 * decades (years 1000 to 9999 fit in one answer) to years to months, three small counts rather
 * than every row.
 */
export async function findLatestMonth(
  filters: PlanningFilters,
  signal: AbortSignal,
): Promise<string | null> {
  const decade = await latestStart('decade', '1000-01-01', '9999-12-31', filters, signal);
  if (!decade) return null;
  const first = Number(decade.slice(0, 4));
  const year = await latestStart('year', decade, `${first + 9}-12-31`, filters, signal);
  if (!year) return null;
  const month = await latestStart('month', year, `${year.slice(0, 4)}-12-31`, filters, signal);
  return month ? month.slice(0, 7) : null;
}

export const latestMonthQuery = (filters: PlanningFilters) =>
  queryOptions({
    queryKey: [...planningKeys.all, 'latest-month', filters] as const,
    queryFn: ({ signal }) => findLatestMonth(filters, signal),
    staleTime: 0,
  });

/**
 * The month the calendar opens on when the address names none: the current month when it has
 * entries, else the latest month that has some (an archive of 1950–2025 opens on its last
 * letters, not on an empty today). Undefined while that is being found out.
 */
export function useOpeningMonth(
  filters: PlanningFilters,
  currentMonth: string,
  enabled: boolean,
): { opening: string | undefined; latest: string | null | undefined } {
  const current = useQuery({
    ...planningQueries.buckets({ ...monthRequest(currentMonth), ...filters }),
    enabled,
  });
  const latest = useQuery(latestMonthQuery(filters));
  if (!enabled) return { opening: undefined, latest: latest.data };
  if (current.data && current.data.buckets.length > 0) {
    return { opening: currentMonth, latest: latest.data };
  }
  if (current.isPending || latest.isPending) return { opening: undefined, latest: latest.data };
  return { opening: latest.data ?? currentMonth, latest: latest.data };
}
