import { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';

export const QUERY_CACHE_STORAGE_KEY = 'kinfolio-query-cache';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 24 * 60 * 60 * 1000,
      // The API client already retries what the spec allows and shows the errors.
      retry: false,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

export const queryPersister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: QUERY_CACHE_STORAGE_KEY,
  throttleTime: 1000,
});

/**
 * Only queries that opt in with `meta: { persist: true }` are written to localStorage (the spec's
 * locally persisted list stores); the session and admin data stay in memory.
 */
export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: queryPersister,
  maxAge: 24 * 60 * 60 * 1000,
  buster: import.meta.env.VITE_BUILD_ID ?? 'dev',
  dehydrateOptions: {
    shouldDehydrateQuery: (query) =>
      query.meta?.persist === true && query.state.status === 'success',
  },
};

/** Drops every cached query, in memory and persisted. */
export async function clearQueryCaches(): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  await queryPersister.removeClient();
}
