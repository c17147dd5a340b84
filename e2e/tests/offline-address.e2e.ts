import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/app.js';
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

const MEDIA = 'Les vendanges de 1962';
const RECORD = 'Papi raconte la guerre';
/** An item of each type that has a text, with the words its page shows. */
const TEXTS = [
  { type: 'post', title: 'Le mariage de Lucie', text: 'Il a plu toute la matinée.' },
  { type: 'mail', title: 'Lettre de Marseille', text: 'Nous sommes bien arrivés au port.' },
  { type: 'message', title: 'Bon anniversaire', text: 'On pense fort à toi aujourd’hui.' },
  { type: 'dream', title: 'La maison au bord du lac', text: 'Une barque bleue attendait.' },
] as const;
/** A post never opened: nothing of it is kept. */
const UNSEEN = 'Le carnet de route de 1947';
/** What the offline sign says over a page this device never kept. */
const NOT_KEPT = { fr: 'Cette page n’a pas été gardée', de: 'Diese Seite wurde' } as const;
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000 });

/** The offline sign, in the language of the test. */
const offlineSign = (page: Page, label: string) =>
  page.getByRole('status').filter({ hasText: label });

describe('offline: what was opened by its address reads offline after a reload', () => {
  let mediaId = 0;
  let recordId = 0;
  let unseenId = 0;
  /** The address of each item with a text. */
  const texts: { key: string; title: string; text: string; path: string }[] = [];

  const app = frenchAdminSuite(async (started) => {
    mediaId = await mediaWithPicture(
      started,
      { title: MEDIA, date: '1962-09-15' },
      'vendanges.png',
    );
    for (const { type, title, text } of TEXTS) {
      const created = await started.api.request('POST', `/api/${type}s`, {
        title,
        content: `<p>${text}</p>`,
        language: 'fr',
      });
      expect(created.status, created.text).toBe(201);
      const { id } = created.json.item as { id: number };
      texts.push({
        key: `["items","${type}","single",${id}]`,
        title,
        text,
        path: `/${type}s/${id}/profile`,
      });
    }
    const unseen = await started.api.request('POST', '/api/posts', {
      title: UNSEEN,
      language: 'fr',
    });
    expect(unseen.status, unseen.text).toBe(201);
    unseenId = (unseen.json.item as { id: number }).id;
    const record = await started.api.request('POST', '/api/records', {
      title: RECORD,
      lang: 'fr',
      number: 'K7-3',
    });
    expect(record.status, record.text).toBe(201);
    recordId = (record.json.record as { id: number }).id;
  });

  /**
   * Opens each page by its address (a full page load each, as a link from a message or a
   * bookmark does, no navigation inside the app), then offline reloads each of them.
   */
  async function readOfflineByAddress(
    page: Page,
    language: keyof typeof NOT_KEPT,
    sign: string,
    name: (screen: string) => string,
  ): Promise<void> {
    const media = `/medias/${mediaId}/profile`;
    const record = `/records/${recordId}/profile`;
    const keys = [
      `["items","media","single",${mediaId}]`,
      `["records","single",${recordId}]`,
      ...texts.map(({ key }) => key),
    ];

    for (const { title, text, path } of texts) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText(text).waitFor();
    }
    await page.goto(record);
    await page.getByRole('heading', { level: 1, name: RECORD }).waitFor();
    await page.goto(media);
    await page.getByRole('heading', { level: 1, name: MEDIA }).waitFor();
    await poll(() => loaded(page, '.kf-thumb img')).toBeGreaterThan(0);
    await expect(offlineSign(page, sign).count()).resolves.toBe(0);

    // The offline copy is written at most once a second: every answer is in it before the
    // network goes; the worker kept the thumbnail.
    await poll(async () => {
      const persisted = await persistedKeys(page);
      return keys.filter((key) => !persisted.includes(key));
    }).toEqual([]);
    await poll(async () => (await cacheEntries(page))[THUMBNAILS_CACHE] ?? 0).toBeGreaterThan(0);

    // A reload of the page last opened, then each other address typed again.
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: MEDIA }).waitFor();
    await poll(() => loaded(page, '.kf-thumb img')).toBeGreaterThan(0);
    await offlineSign(page, sign).waitFor();
    await snap(page, name('media'));
    await expectNoSeriousA11yViolations(page, 'item read offline, opened by its address');

    for (const { title, text, path } of texts) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText(text).waitFor();
      await offlineSign(page, sign).waitFor();
    }

    await page.goto(record);
    await page.getByRole('heading', { level: 1, name: RECORD }).waitFor();
    await offlineSign(page, sign).waitFor();
    await snap(page, name('record'));

    // A page never opened: the sign says it was not kept, and it shows once back online, when the
    // sign goes.
    await page.goto(`/posts/${unseenId}/profile`);
    await offlineSign(page, sign).filter({ hasText: NOT_KEPT[language] }).waitFor();
    await snap(page, name('not-kept'));
    await page.context().setOffline(false);
    await page.getByRole('heading', { level: 1, name: UNSEEN }).waitFor();
    await poll(() => offlineSign(page, sign).count()).toBe(0);
  }

  it('desktop, French, light: an item of each kind and a record, with the thumbnail', async () => {
    const { context, page } = await adminPage(app, { serviceWorkers: 'allow', timeout: 30_000 });
    await underServiceWorker(page);
    await readOfflineByAddress(
      page,
      'fr',
      'Hors ligne',
      (screen) => `offline-address-${screen}-fr-1440`,
    );
    await context.close();
  }, 180_000);

  it('phone (375 px, touch), German, dark: the same, the sign within the screen', async () => {
    const german = await app.api.call('updateUser', {
      body: { siteparams: { language: 'de', darkMode: true } },
    });
    expect(german.status, german.text).toBe(200);
    const { context, page } = await adminPage(app, {
      serviceWorkers: 'allow',
      timeout: 30_000,
      width: 375,
      height: 740,
      touch: true,
      colorScheme: 'dark',
      locale: 'de-DE',
    });
    await underServiceWorker(page);
    await readOfflineByAddress(
      page,
      'de',
      'Offline',
      (screen) => `offline-address-${screen}-de-375-dark`,
    );
    // Offline again: the sign lies within the phone's screen.
    await context.setOffline(true);
    const sign = offlineSign(page, 'Offline');
    await sign.waitFor();
    const box = await sign.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(box!.y + box!.height).toBeLessThanOrEqual(740);
    await context.close();
  }, 180_000);
});
