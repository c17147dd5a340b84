import { expect } from 'vitest';
import type { Page } from './browser.js';
import type { FrenchAdminApp } from './french-admin.js';
import { attachFile, picture } from './thumbnails.js';

/** packages/web/vite.config.ts (runtimeCaching): the service worker's thumbnails. */
export const THUMBNAILS_CACHE = 'kinfolio-thumbnails';

/** A media item in French with one picture, its thumbnail made; returns its id. */
export async function mediaWithPicture(
  app: FrenchAdminApp,
  fields: { title: string; date: string },
  fileName: string,
): Promise<number> {
  const media = await app.api.request('POST', '/api/medias', { ...fields, language: 'fr' });
  expect(media.status, media.text).toBe(201);
  const { id } = media.json.item as { id: number };
  await attachFile(app, { id, type: 'media' }, fileName, await picture('#1b5e87'));
  return id;
}

/** The key of every query kept in IndexedDB's offline copy (none when the store is missing). */
export function persistedQueryKeys(page: Page): Promise<unknown[][]> {
  return page.evaluate(
    () =>
      new Promise<unknown[][]>((resolve, reject) => {
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
                ).clientState.queries.map((query) => query.queryKey),
              ),
            );
          };
        };
      }),
  );
}

/** The same keys as JSON, to compare with `["items","media","single",3]`. */
export const persistedKeys = async (page: Page): Promise<string[]> =>
  (await persistedQueryKeys(page)).map((key) => JSON.stringify(key));

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
