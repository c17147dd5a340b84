import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, loginViaUi, waitForPath } from '../support/app.js';
import {
  newContext,
  snap,
  type Browser,
  type ContextOptions,
  type Page,
} from '../support/browser.js';
import type { SanctumClient } from '../support/http-client.js';
import { startWithFrenchAdmin } from '../support/french-admin.js';
import { persistedQueryKeys } from '../support/offline.js';
import type { RunningServer } from '../support/server.js';

const ADMIN = { name: 'Admin', email: 'admin@example.com', password: 'e2e-admin-password' };
const TITLE = 'La lettre de l’oncle Jules';
/** packages/web/src/shared/query/persister.ts */
const DB = 'kinfolio-offline';
const STORE = 'query-cache';

/** How many entries the store holds, whatever they are. */
function storedEntries(page: Page): Promise<number> {
  return page.evaluate(
    ([db, store]) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const connection = open.result;
          if (!connection.objectStoreNames.contains(store)) {
            connection.close();
            resolve(0);
            return;
          }
          const count = connection.transaction(store).objectStore(store).count();
          count.onsuccess = () => {
            connection.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
    [DB, STORE] as const,
  );
}

const hasKey = (keys: unknown[][], prefix: unknown[]) =>
  keys.some((key) => prefix.every((part, index) => key[index] === part));

describe('offline: what was opened stays readable, and a logout forgets it', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: SanctumClient;
  let id = 0;

  beforeAll(async () => {
    ({ server, browser, api } = await startWithFrenchAdmin(ADMIN));
    const created = await api.call('post.create', { body: { language: 'fr', title: TITLE } });
    expect(created.status, created.text).toBe(201);
    id = (JSON.parse(created.text) as { item: { id: number } }).item.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reads a list and an item opened before going offline, refuses a write, then logout empties IndexedDB', async () => {
    const context = await newContext(browser, server.url);
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    const card = page.locator('article.kf-item-card').filter({ hasText: TITLE });
    await card.getByRole('link', { name: TITLE }).click();
    await waitForPath(page, `/posts/${id}/profile`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // The persister writes at most once a second: wait for both reads to be in IndexedDB.
    await expect
      .poll(
        async () => {
          const keys = await persistedQueryKeys(page);
          return (
            hasKey(keys, ['items', 'post', 'list']) && hasKey(keys, ['items', 'post', 'single', id])
          );
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    // Nothing of the administration goes to disk; of the session, only the last verified user
    // (a reload offline keeps them in).
    const heads = new Set((await persistedQueryKeys(page)).map((key) => String(key[0])));
    const archive = [
      'items',
      'records',
      'categories',
      'participants',
      'tags',
      'site-translations',
      'logged-in-user',
    ];
    expect([...heads].filter((head) => !archive.includes(head))).toEqual([]);

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Articles', exact: true }).first().click();
    await waitForPath(page, '/posts');
    await card.getByRole('link', { name: TITLE }).click();
    await waitForPath(page, `/posts/${id}/profile`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // A page never opened has no code here (no service worker): the app says so and stays, rather
    // than reloading into the browser's offline page, and opens it once the network is back.
    await page.getByRole('link', { name: 'Tableau des traductions' }).first().click();
    await waitForPath(page, '/correlation/post');
    await page.getByRole('heading', { level: 1, name: 'Indisponible hors ligne' }).waitFor();
    await snap(page, 'offline-page-not-loaded');
    await context.setOffline(false);
    await page.getByRole('heading', { level: 1, name: 'Tableau des traductions' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/correlation/post');
    await page.goBack();
    await waitForPath(page, `/posts/${id}/profile`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // A write is refused with its own message, not a generic error. The editor's code is not
    // cached without the service worker (blocked here), so the form opens online.
    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.getByRole('textbox', { name: 'Contenu' }).waitFor();
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(`${TITLE} (bis)`);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page
      .getByText(/^Vous êtes hors ligne : rien n’a été enregistré\./)
      .first()
      .waitFor();
    await snap(page, 'offline-write-refused');

    await context.setOffline(false);
    await page.getByRole('button', { name: /^Menu du compte de / }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await waitForPath(page, '/');
    expect(await storedEntries(page)).toBe(0);
    const caches = await page.evaluate(async () =>
      (await window.caches.keys()).filter((name) => !name.includes('precache')),
    );
    expect(caches.filter((name) => name !== 'kinfolio-flags')).toEqual([]);
    await context.close();
  });
  it.each<
    [
      string,
      ContextOptions,
      { openMenu?: string; drawer?: string; link: string | RegExp; title: string },
    ]
  >([
    [
      'de-375-dark',
      { locale: 'de-DE', width: 375, height: 800, colorScheme: 'dark', touch: true },
      {
        openMenu: 'Menü öffnen',
        drawer: 'Hauptnavigation',
        // A soft hyphen lets the narrow menu break the long German word where it should.
        link: /^Übersetzungs\u00ad?tabelle$/,
        title: 'Offline nicht verfügbar',
      },
    ],
    [
      'en-1440-light',
      { locale: 'en-GB' },
      { link: 'Translations table', title: 'Not available offline' },
    ],
  ])(
    'says a page never loaded is not available offline, in %s, axe clean',
    async (name, options, words) => {
      const language = options.locale === 'de-DE' ? 'de' : 'en';
      const switched = await api.call('updateUser', {
        body: { siteparams: { language, darkMode: options.colorScheme === 'dark' } },
      });
      expect(switched.status, switched.text).toBe(200);
      const context = await newContext(browser, server.url, options);
      const page = await context.newPage();
      await loginViaUi(page, ADMIN);
      await context.setOffline(true);
      // On a phone the links are in the drawer the burger opens (the side menu is hidden).
      const menu = words.drawer ? page.getByRole('dialog', { name: words.drawer }) : page;
      if (words.openMenu) await page.getByRole('button', { name: words.openMenu }).click();
      await menu.getByRole('link', { name: words.link }).first().click();
      await page.getByRole('heading', { level: 1, name: words.title }).waitFor();
      await expectNoSeriousA11yViolations(page, `offline notice ${name}`);
      await snap(page, `offline-page-not-loaded-${name}`);
      await context.close();
    },
  );
});
