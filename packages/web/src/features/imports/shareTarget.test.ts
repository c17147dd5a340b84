import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  receiveShare,
  SHARE_ACTION,
  SHARED_CACHE,
  SHARED_FIELD,
  SHARED_KEY,
  takeSharedFile,
} from './shareTarget';

/** Cache Storage as the service worker and the page share it, in memory. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const storage = {
    open: (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return Promise.resolve({
        match: (key: string) => Promise.resolve(store.get(key)?.clone()),
        put: (key: string, response: Response) => {
          store.set(key, response);
          return Promise.resolve();
        },
        delete: (key: string) => Promise.resolve(store.delete(key)),
      } as unknown as Cache);
    },
  } as unknown as CacheStorage;
  return { storage, stores };
}

/**
 * A file as the service worker's runtime makes it: jsdom's File would not make a Response body
 * in this runtime, so a Blob of the runtime's own (from its Response) with a file's name and time.
 */
async function runtimeFile(text: string, name: string, type: string, lastModified = Date.now()) {
  const blob = await new Response(text, { headers: { 'content-type': type } }).blob();
  return Object.assign(blob, { name, lastModified });
}

/**
 * The share sheet's post as the service worker reads it: its form's fields (files made by
 * runtimeFile).
 */
const sharePost = (fields: Record<string, unknown> | 'broken') =>
  ({
    url: `https://kinfolio.example${SHARE_ACTION}`,
    formData: () =>
      fields === 'broken'
        ? Promise.reject(new TypeError('not a form'))
        : Promise.resolve({ getAll: (name: string) => (name in fields ? [fields[name]] : []) }),
  }) as unknown as Request;

const textOf = (file: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(file);
  });

describe('the share target', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the shared file and sends the page to the Import page, which takes it once', async () => {
    const { storage, stores } = memoryCaches();
    vi.stubGlobal('caches', storage);
    const shared = await runtimeFile(
      '12/01/2023 à 14:07 - Alice: Bonjour',
      'Chat with Famille.zip',
      'application/zip',
      1_700_000_000_000,
    );
    const answer = await receiveShare({
      request: sharePost({ title: 'WhatsApp', [SHARED_FIELD]: shared }),
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('https://kinfolio.example/import?shared=1');
    // The handler's names, written out for the service worker, are the module's.
    expect([...stores.keys()]).toEqual([SHARED_CACHE]);
    expect([...stores.get(SHARED_CACHE)!.keys()]).toEqual([SHARED_KEY]);

    const file = await takeSharedFile(storage);
    expect(file?.name).toBe('Chat with Famille.zip');
    expect(file?.type).toBe('application/zip');
    expect(file?.lastModified).toBe(1_700_000_000_000);
    expect(await textOf(file!)).toBe('12/01/2023 à 14:07 - Alice: Bonjour');
    // Handed over once: a reload of the page does not upload it again.
    expect(await takeSharedFile(storage)).toBeNull();
  });

  it('opens the Import page without a file when none was shared, dropping an older one', async () => {
    const { storage } = memoryCaches();
    vi.stubGlobal('caches', storage);
    await receiveShare({
      request: sharePost({
        [SHARED_FIELD]: await runtimeFile('x', 'old.txt', 'text/plain'),
      }),
    });
    const answer = await receiveShare({ request: sharePost({ text: 'a link, not a file' }) });
    expect(answer.headers.get('location')).toBe('https://kinfolio.example/import?shared=1');
    expect(await takeSharedFile(storage)).toBeNull();
    const broken = await receiveShare({ request: sharePost('broken') });
    expect(broken.status).toBe(303);
    expect(await takeSharedFile(undefined)).toBeNull();
  });
});
