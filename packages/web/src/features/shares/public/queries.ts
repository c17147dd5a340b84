import { queryOptions } from '@tanstack/react-query';
import { fetchShare, fetchSharedItem, fetchSharedRecord } from './publicApi';

/** Public answers are kept in memory only (never in the app's offline copy) and not retried. */
export const publicKeys = {
  token: (token: string) => ['public-share', token] as const,
};

export const publicQueries = {
  share: (token: string, page: number, q: string) =>
    queryOptions({
      queryKey: [...publicKeys.token(token), 'share', page, q] as const,
      queryFn: ({ signal }) => fetchShare(token, { page, q }, signal),
      retry: false,
      // A refusal is final: asked again on mount, a wrong token would count twice as a guess.
      retryOnMount: false,
      staleTime: 60_000,
    }),
  item: (token: string, id: number) =>
    queryOptions({
      queryKey: [...publicKeys.token(token), 'item', id] as const,
      queryFn: ({ signal }) => fetchSharedItem(token, id, signal),
      retry: false,
      retryOnMount: false,
      staleTime: 60_000,
    }),
  record: (token: string, id: number) =>
    queryOptions({
      queryKey: [...publicKeys.token(token), 'record', id] as const,
      queryFn: ({ signal }) => fetchSharedRecord(token, id, signal),
      retry: false,
      retryOnMount: false,
      staleTime: 60_000,
    }),
};
