import { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client';
import { describe, expect, it, vi } from 'vitest';
import { memoryStore } from './memoryStore';
import { createQueryPersister, QUERY_CACHE_KEY } from './persister';
import { PERSIST_BUSTER, PERSIST_MAX_AGE_MS, shouldPersistQuery } from './queryClient';

const dehydrateOptions = { shouldDehydrateQuery: shouldPersistQuery };

/**
 * The persist client bundles its own copy of query-core (another patch version than react-query's),
 * so the same client has two nominal types; at run time it is one object.
 */
type CoreClient = Parameters<typeof persistQueryClientSave>[0]['queryClient'];
const core = (client: QueryClient) => client as unknown as CoreClient;

async function filledClient() {
  const client = new QueryClient();
  await client.prefetchQuery({
    queryKey: ['items', 'post', 'list'],
    queryFn: () => Promise.resolve({ data: [{ id: 1 }] }),
    meta: { persist: true },
  });
  client.setQueryData(['admin-users'], [{ id: 9 }]);
  await client.prefetchQuery({
    queryKey: ['items', 'post', 'single', 2],
    queryFn: () => Promise.reject(new Error('offline')),
    meta: { persist: true },
  });
  return client;
}

describe('the IndexedDB query persister', () => {
  it('keeps only the successful reads that opt in, and gives them back', async () => {
    const store = memoryStore();
    const persister = createQueryPersister(store);
    const client = await filledClient();
    await persistQueryClientSave({
      queryClient: core(client),
      persister,
      buster: PERSIST_BUSTER,
      dehydrateOptions,
    });
    const saved = JSON.parse(store.map.get(QUERY_CACHE_KEY)!) as {
      buster: string;
      clientState: { queries: { queryKey: unknown[] }[] };
    };
    expect(saved.buster).toBe(PERSIST_BUSTER);
    expect(saved.clientState.queries.map((q) => q.queryKey)).toEqual([['items', 'post', 'list']]);

    const next = new QueryClient();
    await persistQueryClientRestore({
      queryClient: core(next),
      persister,
      buster: PERSIST_BUSTER,
      maxAge: PERSIST_MAX_AGE_MS,
    });
    expect(next.getQueryData(['items', 'post', 'list'])).toEqual({ data: [{ id: 1 }] });
    expect(next.getQueryData(['admin-users'])).toBeUndefined();
  });

  it('drops a copy written by another build', async () => {
    const store = memoryStore();
    const persister = createQueryPersister(store);
    await persistQueryClientSave({
      queryClient: core(await filledClient()),
      persister,
      buster: 'older-build',
      dehydrateOptions,
    });
    const next = new QueryClient();
    await persistQueryClientRestore({ queryClient: core(next), persister, buster: PERSIST_BUSTER });
    expect(next.getQueryData(['items', 'post', 'list'])).toBeUndefined();
    expect(store.map.size).toBe(0);
  });

  it('writes an emptied cache as a deletion, so a logout leaves the store empty', async () => {
    const store = memoryStore();
    const persister = createQueryPersister(store);
    const client = await filledClient();
    await persistQueryClientSave({ queryClient: core(client), persister, dehydrateOptions });
    expect(store.map.size).toBe(1);
    client.clear();
    vi.useFakeTimers();
    try {
      const save = persistQueryClientSave({
        queryClient: core(client),
        persister,
        dehydrateOptions,
      });
      await vi.runAllTimersAsync();
      await save;
    } finally {
      vi.useRealTimers();
    }
    expect(store.map.size).toBe(0);
  });

  it('does nothing without IndexedDB', async () => {
    const persister = createQueryPersister(undefined);
    await persistQueryClientSave({ queryClient: core(await filledClient()), persister });
    await expect(persister.restoreClient()).resolves.toBeUndefined();
  });
});
