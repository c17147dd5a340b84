import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from './memoryStore';
import { saveOfflineCopy, restoreOfflineCopy } from './offlineCopy';
import { createQueryPersister, QUERY_CACHE_KEY } from './persister';
import { PERSIST_BUSTER, shouldPersistQuery } from './queryClient';

const item = (id: number) => ({
  queryKey: ['items', 'media', 'single', id],
  queryFn: () => Promise.resolve({ id, title: `Item ${id}` }),
  meta: { persist: true },
});

/** The query keys the store's copy holds. */
function savedKeys(store: ReturnType<typeof memoryStore>): unknown[] {
  const text = store.map.get(QUERY_CACHE_KEY);
  if (!text) return [];
  return (
    JSON.parse(text) as { clientState: { queries: { queryKey: unknown[] }[] } }
  ).clientState.queries.map((query) => query.queryKey);
}

function setUp() {
  const store = memoryStore();
  const options = {
    persister: createQueryPersister(store),
    buster: PERSIST_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
  return { store, options };
}

/** Past the persister's throttle (a write at most once a second), well before the queries' gc. */
const THROTTLE_MS = 2_000;

describe('saving the offline copy', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the answers fetched before it started: a page opened by its address, then left alone', async () => {
    const { store, options } = setUp();
    const queryClient = new QueryClient();
    // The route loader's fetch, done while the copy was being restored.
    await queryClient.prefetchQuery(item(7));

    const stop = saveOfflineCopy({ ...options, queryClient });
    await vi.waitFor(() => expect(savedKeys(store)).toEqual([['items', 'media', 'single', 7]]));
    stop();

    // The reload offline: a new page restores it.
    const reloaded = new QueryClient();
    await restoreOfflineCopy({ ...options, queryClient: reloaded });
    expect(reloaded.getQueryData(['items', 'media', 'single', 7])).toEqual({
      id: 7,
      title: 'Item 7',
    });
  });

  it('keeps what is fetched afterwards, until stopped', async () => {
    vi.useFakeTimers();
    const { store, options } = setUp();
    const queryClient = new QueryClient();
    const stop = saveOfflineCopy({ ...options, queryClient });

    await queryClient.prefetchQuery(item(8));
    await vi.advanceTimersByTimeAsync(THROTTLE_MS);
    expect(savedKeys(store)).toEqual([['items', 'media', 'single', 8]]);

    stop();
    await queryClient.prefetchQuery(item(9));
    await vi.advanceTimersByTimeAsync(THROTTLE_MS);
    expect(savedKeys(store)).toEqual([['items', 'media', 'single', 8]]);
  });
});
