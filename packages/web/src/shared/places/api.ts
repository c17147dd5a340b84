import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PlacePointsQuery } from '@kinfolio/contract';
import { call, type CallInput } from '@/shared/api/call';
import { fetchOptions } from '@/shared/query/preload';

/** The map's query as the address sends it (the box as text, dates as days). */
export type PointsQuery = NonNullable<CallInput<'placePoints'>['query']>;

export const placeKeys = {
  all: ['places'] as const,
  points: (query: PointsQuery) => ['places', 'points', query] as const,
  named: (query: string) => ['places', 'named', query] as const,
};

export const placeQueries = {
  /**
   * The clusters and points in a box at a zoom, with the list filters; the answer keeps the zoom
   * its clusters were cut at, for when it is drawn while the next view loads (a cluster's cell).
   */
  points: (query: PointsQuery) =>
    queryOptions({
      queryKey: placeKeys.points(query),
      queryFn: async (context) => ({
        ...(await call('placePoints', { query }, fetchOptions(context))),
        // The query is typed as the server parses it: its zoom may be text, `unknown` to TypeScript.
        zoom: Number(query.zoom),
      }),
      // Panning keeps the points drawn until the next box answers: no flicker.
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  /** Named places whose name holds the letters typed, most used first (the autocomplete). */
  named: (query: string) =>
    queryOptions({
      queryKey: placeKeys.named(query),
      queryFn: (context) =>
        call('places', { query: { query, per_page: 10 } }, fetchOptions(context)),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
};

/** The filters of `GET /api/places/points` besides the box and zoom. */
export type PointFilters = Omit<PlacePointsQuery, 'bbox' | 'zoom'>;
