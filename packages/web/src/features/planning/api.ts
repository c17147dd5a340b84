import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PlanningFilters, PlanningUnit } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { fetchOptions } from '@/shared/query/preload';

/** Entries of one day per page of its list. */
export const DAY_PAGE_SIZE = 20;

export interface BucketsRequest extends PlanningFilters {
  unit: PlanningUnit;
  from: string;
  to: string;
}

/**
 * The planning reads counts per bucket (never all the rows), one day's page of entries and the
 * same day in other years; stale at once, so a visit after any change asks again.
 */
export const planningKeys = {
  all: ['planning'] as const,
  buckets: (request: BucketsRequest) => ['planning', 'buckets', request] as const,
  day: (date: string, filters: PlanningFilters, page: number) =>
    ['planning', 'day', date, filters, page] as const,
  onThisDay: (month: string, day: string, filters: PlanningFilters) =>
    ['planning', 'on-this-day', month, day, filters] as const,
};

export const planningQueries = {
  buckets: (request: BucketsRequest) =>
    queryOptions({
      queryKey: planningKeys.buckets(request),
      queryFn: (context) => call('planningBuckets', { query: request }, fetchOptions(context)),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  day: (date: string, filters: PlanningFilters, page: number) =>
    queryOptions({
      queryKey: planningKeys.day(date, filters, page),
      queryFn: (context) =>
        call(
          'planningDay',
          { query: { date, ...filters, page, per_page: DAY_PAGE_SIZE } },
          fetchOptions(context),
        ),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  onThisDay: (month: string, day: string, filters: PlanningFilters) =>
    queryOptions({
      queryKey: planningKeys.onThisDay(month, day, filters),
      queryFn: (context) =>
        call('planningOnThisDay', { query: { month, day, ...filters } }, fetchOptions(context)),
      staleTime: 0,
    }),
};
