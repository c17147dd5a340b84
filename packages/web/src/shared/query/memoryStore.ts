import type { KeyValueStore } from './persister';

/** idb-keyval's calls over a Map, for tests: the wiring is tested, not IndexedDB (absent from jsdom). */
export function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get: (key) => Promise.resolve(map.get(key)),
    set: (key, value) => Promise.resolve(void map.set(key, value)),
    del: (key) => Promise.resolve(void map.delete(key)),
    clear: () => Promise.resolve(map.clear()),
  };
}
