import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
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

/**
 * Saves the cache to the offline copy now, then on every change; returns the unsubscribe.
 *
 * The first page's answers (its route loader fetched them while the copy was being restored)
 * came before this subscription, and the subscription only hears later changes: a page opened by
 * its address, then left alone, never changed the cache again, so its answers never reached the
 * copy and a reload offline found nothing to show. They are saved at once instead.
 */
export function saveOfflineCopy(options: Options): () => void {
  const core = options as unknown as CoreOptions;
  const unsubscribe = persistQueryClientSubscribe(core);
  // The persister throttles its writes and keeps the latest: a change just after is not lost.
  void persistQueryClientSave(core).catch(() => undefined);
  return unsubscribe;
}
