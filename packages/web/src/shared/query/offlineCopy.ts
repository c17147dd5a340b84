import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { createQueryPersister, indexedDbStore } from './persister';

/*
 * The offline copy's machinery (the persister, idb-keyval, the persist client with its own
 * query-core's hydration): queryClient.ts loads it on first use, which the app's provider makes at
 * start, beside the first page's code rather than in the entry.
 */

export const offlineStore = indexedDbStore();

export const persister = createQueryPersister(offlineStore);

type CoreOptions = Parameters<typeof persistQueryClientRestore>[0];
type Options = Omit<CoreOptions, 'queryClient'> & { queryClient: QueryClient };

/*
 * The persist client bundles its own copy of query-core (another patch version than react-query's),
 * so the same client has two nominal types; at run time it is one object.
 */
export const restoreOfflineCopy = (options: Options) =>
  persistQueryClientRestore(options as unknown as CoreOptions);

/** Saves the cache to the offline copy on every change; returns the unsubscribe. */
export const saveOfflineCopy = (options: Options) =>
  persistQueryClientSubscribe(options as unknown as CoreOptions);
