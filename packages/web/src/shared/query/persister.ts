import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type {
  AsyncStorage,
  PersistedClient,
  Persister,
} from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';

/** The IndexedDB database and object store holding the offline copy of the archive's reads. */
export const QUERY_CACHE_DB = 'kinfolio-offline';
export const QUERY_CACHE_STORE = 'query-cache';
export const QUERY_CACHE_KEY = 'kinfolio-query-cache';

/** The idb-keyval calls the persister needs, so tests can hand it an in-memory store. */
export interface KeyValueStore {
  get: (key: string) => Promise<string | undefined>;
  set: (key: string, value: string) => Promise<void>;
  del: (key: string) => Promise<void>;
  clear: () => Promise<void>;
}

/** The real store, or none where IndexedDB does not exist (tests, old or locked-down browsers). */
export function indexedDbStore(): KeyValueStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  let store: UseStore | undefined;
  // Opened on first use: a page that never reads the cache never opens the database.
  const db = () => (store ??= createStore(QUERY_CACHE_DB, QUERY_CACHE_STORE));
  return {
    get: (key) => get<string>(key, db()),
    set: (key, value) => set(key, value, db()),
    del: (key) => del(key, db()),
    clear: () => clear(db()),
  };
}

const isEmpty = (client: PersistedClient) =>
  client.clientState.queries.length === 0 && client.clientState.mutations.length === 0;

/**
 * The async persister over a key-value store. An empty cache is written as a deletion rather than
 * an empty record: the throttled write that follows a logout's `clear()` then leaves the store
 * empty instead of putting an (empty) entry back after the store was wiped.
 */
export function createQueryPersister(store: KeyValueStore | undefined): Persister {
  const storage: AsyncStorage<string> | undefined = store && {
    getItem: (key) => store.get(key),
    setItem: (key, value) => (value === '' ? store.del(key) : store.set(key, value)),
    removeItem: (key) => store.del(key),
  };
  return createAsyncStoragePersister({
    storage,
    key: QUERY_CACHE_KEY,
    throttleTime: 1000,
    serialize: (client) => (isEmpty(client) ? '' : JSON.stringify(client)),
  });
}
