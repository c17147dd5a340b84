import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, waitForPath } from '../support/app.js';
import { snap, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';
import {
  cacheEntries,
  loaded,
  mediaWithPicture,
  persistedKeys,
  THUMBNAILS_CACHE,
  underServiceWorker,
} from '../support/offline.js';

const TITLE = 'Le mariage de tante Odile';
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000 });

/** Every IndexedDB database of the origin with the number of entries it holds. */
function indexedDbEntries(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const counts: Record<string, number> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      counts[name] = await new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const connection = open.result;
          const stores = Array.from(connection.objectStoreNames);
          if (stores.length === 0) {
            connection.close();
            resolve(0);
            return;
          }
          const tx = connection.transaction(stores);
          let total = 0;
          for (const store of stores) {
            const count = tx.objectStore(store).count();
            count.onsuccess = () => (total += count.result);
          }
          tx.oncomplete = () => {
            connection.close();
            resolve(total);
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    }
    return counts;
  });
}

describe('offline app: a reload without network keeps the user in, with what was opened', () => {
  let mediaId = 0;

  const app = frenchAdminSuite(async (started) => {
    mediaId = await mediaWithPicture(started, { title: TITLE, date: '1981-06-20' }, 'odile.png');
  });

  it('reloads offline on a list and an item, thumbnails included; logout then empties IndexedDB and the caches', async () => {
    const { context, page } = await adminPage(app, { serviceWorkers: 'allow', timeout: 30_000 });
    await underServiceWorker(page);

    await page.goto('/medias');
    const tile = page.locator(`[data-kf-row="${mediaId}"]`);
    await poll(() => loaded(page, `[data-kf-row="${mediaId}"] img`)).toBeGreaterThan(0);
    await tile.getByRole('link').first().click();
    await waitForPath(page, `/medias/${mediaId}/profile`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await poll(() => loaded(page, '.kf-thumb img')).toBeGreaterThan(0);

    // The offline copy (written at most once a second) holds the user, the list and the item;
    // the worker kept the thumbnail.
    await poll(async () => {
      const keys = await persistedKeys(page);
      return (
        keys.includes('["logged-in-user"]') &&
        keys.some((key) => key.startsWith('["items","media","list"')) &&
        keys.includes(`["items","media","single",${mediaId}]`)
      );
    }).toBe(true);
    await poll(async () => (await cacheEntries(page))[THUMBNAILS_CACHE] ?? 0).toBe(1);

    await context.setOffline(true);
    await page.reload();
    // Still in, on the item, with its picture.
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/medias/${mediaId}/profile`);
    await poll(() => loaded(page, '.kf-thumb img')).toBeGreaterThan(0);
    await snap(page, 'offline-reload-item-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'item read offline after a reload');

    // The list, reloaded offline too.
    await page.goto('/medias');
    await waitForPath(page, '/medias');
    await poll(() => loaded(page, `[data-kf-row="${mediaId}"] img`)).toBeGreaterThan(0);
    await expect.poll(() => tile.innerText()).toContain(TITLE);
    await snap(page, 'offline-reload-list-fr-1440-light');

    // Back online, logout forgets everything the session left in the browser.
    await context.setOffline(false);
    await page.getByRole('button', { name: /^Menu du compte de / }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await waitForPath(page, '/');
    const databases = await indexedDbEntries(page);
    expect(
      Object.values(databases).reduce((sum, count) => sum + count, 0),
      JSON.stringify(databases),
    ).toBe(0);
    const left = Object.keys(await cacheEntries(page)).filter(
      // The app's own code (the worker's precache) and the installation's flags stay.
      (name) => !name.includes('precache') && name !== 'kinfolio-flags',
    );
    expect(left).toEqual([]);
    await context.close();
  }, 180_000);
});
