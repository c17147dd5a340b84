import { onlineManager, QueryClient, type Query } from '@tanstack/react-query';
import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { version } from '../../../package.json';
import type * as OfflineCopyModule from './offlineCopy';

// TanStack Query takes itself for online until an 'offline' event: a page loaded offline (the
// service worker's copy) would fire every restored query at a missing network, with an error
// toast each. Started from the browser's word, they wait for the network instead.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

/**
 * An answer younger than this is the one fetched for the page being opened (its route loader
 * asked for it a moment before the page mounted), not one to check again.
 */
export const JUST_ANSWERED_MS = 2_000;

/**
 * Whether a page mounting asks again for a query's stale answer (queries read on every visit use
 * staleTime 0): not when the answer just arrived for this very visit, else the first page would
 * fetch its list twice; always when a write marked it out of date since.
 */
export function refetchOnMount(query: Query): boolean {
  return query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt >= JUST_ANSWERED_MS;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnMount,
      gcTime: 24 * 60 * 60 * 1000,
      // The API client already retries what the spec allows and shows the errors.
      retry: false,
      refetchOnWindowFocus: false,
    },
    // A write runs even offline so the API client refuses it with its message; paused, it would
    // wait in memory and be lost on reload.
    mutations: { retry: false, networkMode: 'always' },
  },
});

export type OfflineCopy = typeof OfflineCopyModule;

let offlineCopy: Promise<OfflineCopy> | undefined;

/** The offline copy's code (persister, IndexedDB, hydration), loaded once on first use. */
export const loadOfflineCopy = () => (offlineCopy ??= import('./offlineCopy'));

/** The IndexedDB persister (shared/query/persister.ts), reached through its lazily loaded module. */
export const queryPersister: Persister = {
  persistClient: async (client: PersistedClient) =>
    (await loadOfflineCopy()).persister.persistClient(client),
  restoreClient: async () => (await loadOfflineCopy()).persister.restoreClient(),
  removeClient: async () => (await loadOfflineCopy()).persister.removeClient(),
};

/** How long an offline copy is trusted; older ones are dropped on restore. */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * A new build may change the answers' shapes: its id (or, without one, the app's version) discards
 * the copy an older build wrote.
 */
export const PERSIST_BUSTER: string =
  (import.meta.env.VITE_BUILD_ID as string | undefined) || `app-${version}`;

/**
 * The archive's reads a user opened (lists, items, categories, participants, tags) opt in with
 * `meta: { persist: true }` and are kept in IndexedDB to be read offline; the session, admin and
 * account data stay in memory. Only successful answers are kept.
 */
export function shouldPersistQuery(query: {
  meta?: Record<string, unknown>;
  state: { status: string };
}): boolean {
  return query.meta?.persist === true && query.state.status === 'success';
}

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: queryPersister,
  maxAge: PERSIST_MAX_AGE_MS,
  buster: PERSIST_BUSTER,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
};

/** Drops every cached query, in memory and in IndexedDB (the whole store, not only our key). */
export async function clearQueryCaches(): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  await queryPersister.removeClient();
  await (await loadOfflineCopy()).offlineStore?.clear();
}
