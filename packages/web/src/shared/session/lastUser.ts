import type { CurrentUser } from '@kinfolio/contract';
import {
  PERSIST_BUSTER,
  PERSIST_MAX_AGE_MS,
  queryClient,
  queryPersister,
} from '@/shared/query/queryClient';
import { sessionKeys } from './queries';

// The verified user is kept with the offline copy of the archive (IndexedDB, emptied on logout),
// so a reload without a network still knows who was in.
queryClient.setQueryDefaults(sessionKeys.currentUser, { meta: { persist: true } });

/** Remembers the user the server just confirmed. */
export function rememberUser(user: CurrentUser): void {
  queryClient.setQueryData(sessionKeys.currentUser, user);
}

/**
 * The last user the server confirmed on this browser: from memory, else from the offline copy
 * when it was written by this build and is not older than the copy's max age.
 */
export async function lastKnownUser(): Promise<CurrentUser | null> {
  const inMemory = queryClient.getQueryData<CurrentUser>(sessionKeys.currentUser);
  if (inMemory) return inMemory;
  try {
    const saved = await queryPersister.restoreClient();
    if (!saved || saved.buster !== PERSIST_BUSTER) return null;
    if (Date.now() - saved.timestamp > PERSIST_MAX_AGE_MS) return null;
    const query = saved.clientState.queries.find(
      (entry) => entry.queryKey[0] === sessionKeys.currentUser[0],
    );
    return (query?.state.data as CurrentUser | undefined) ?? null;
  } catch {
    return null;
  }
}
