import sharp from 'sharp';
import { expect } from 'vitest';
import type { Page } from './browser.js';
import type { FrenchAdminApp } from './french-admin.js';
import { thumbnailsMade } from './thumbnails.js';

/** packages/web/vite.config.ts (runtimeCaching): the service worker's thumbnails. */
export const THUMBNAILS_CACHE = 'kinfolio-thumbnails';

/**
 * Uploads a picture through FilePond's route and attaches it to the media item, as the form does;
 * waits for its thumbnail (a background job's).
 */
export async function attachPicture(app: FrenchAdminApp, itemId: number, name = 'odile.png') {
  const { api, server } = app;
  const data = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#1b5e87' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('filepond', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
  const cookies = ['kinfolio_session', 'XSRF-TOKEN']
    .map((cookie) => `${cookie}=${api.cookie(cookie) ?? ''}`)
    .join('; ');
  const upload = await fetch(`${server.url}/api/medias/filepond`, {
    method: 'POST',
    headers: {
      cookie: cookies,
      'x-xsrf-token': decodeURIComponent(api.cookie('XSRF-TOKEN') ?? ''),
    },
    body: form,
  });
  expect(upload.status).toBe(201);
  const attached = await api.request('PATCH', '/api/medias/addfilepond', {
    newmedias: [await upload.text()],
    modelId: itemId,
    modelType: 'media',
  });
  expect(attached.status, attached.text).toBe(200);
  await thumbnailsMade(api, { type: 'media', id: itemId }, 1);
}

/** The key of every query kept in IndexedDB's offline copy, as JSON. */
export function persistedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('kinfolio-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const connection = open.result;
          if (!connection.objectStoreNames.contains('query-cache')) {
            connection.close();
            resolve([]);
            return;
          }
          const all = connection.transaction('query-cache').objectStore('query-cache').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            connection.close();
            resolve(
              (all.result as string[]).flatMap((text) =>
                (
                  JSON.parse(text) as { clientState: { queries: { queryKey: unknown[] }[] } }
                ).clientState.queries.map((query) => JSON.stringify(query.queryKey)),
              ),
            );
          };
        };
      }),
  );
}

/** The origin's Cache Storage: every cache with its number of entries. */
export function cacheEntries(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const counts: Record<string, number> = {};
    for (const name of await caches.keys()) {
      counts[name] = (await (await caches.open(name)).keys()).length;
    }
    return counts;
  });
}

/** The natural width of the first picture the selector finds once it is loaded (0 before). */
export const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth,
    );

/**
 * Waits for the service worker (it installs once the first page is idle) and reloads, so that it
 * controls the page: from then on it serves the app's code and keeps the thumbnails.
 */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
