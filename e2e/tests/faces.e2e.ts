import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, loginViaUi } from '../support/app.js';
import { launchBrowser, newContext, snap, type Browser, type Page } from '../support/browser.js';
import { ADMIN } from '../support/french-admin.js';
import type { SanctumClient } from '../support/http-client.js';
import { adminApi } from '../support/organisation.js';
import { startKinfolio, type RunningServer } from '../support/server.js';

/** The face-api package's demo picture with three faces (1920×1280). */
const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);
const threeFaces = () => fs.readFileSync(path.join(demo, 'sample1.jpg'));
/** The same photo cropped to its left part and made smaller, as a copy someone scanned again. */
const croppedCopy = () =>
  sharp(threeFaces())
    .extract({ left: 0, top: 0, width: 1150, height: 1280 })
    .resize(860)
    .jpeg({ quality: 80 })
    .toBuffer();

// Detection takes a second or two a picture on this machine, after the models' first load.
const DETECTION_MS = 150_000;

interface FaceRow {
  id: number;
  box: { x: number };
  participant: { id: number; name: string } | null;
  suggestion: { id: number; name: string } | null;
}

/** A media item with one JPEG uploaded and attached as the form does; its id and the file's. */
async function mediaWithPicture(
  server: RunningServer,
  api: SanctumClient,
  name: string,
  data: Buffer,
) {
  const media = await api.request('POST', '/api/medias', { title: name, language: 'fr' });
  expect(media.status, media.text).toBe(201);
  const itemId = (media.json.item as { id: number }).id;
  const form = new FormData();
  form.append('filepond', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), name);
  const upload = await fetch(`${server.url}/api/medias/filepond`, {
    method: 'POST',
    headers: {
      cookie: ['kinfolio_session', 'XSRF-TOKEN']
        .map((cookie) => `${cookie}=${api.cookie(cookie) ?? ''}`)
        .join('; '),
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
  const item = await api.request('GET', `/api/medias-single/${itemId}`);
  const fileId = (item.json.files as { id: number }[])[0]!.id;
  return { itemId, fileId };
}

/** The picture's faces once the detector has read it (and its thumbnail is made), left to right. */
async function detectedFaces(api: SanctumClient, item: { itemId: number; fileId: number }) {
  for (const end = Date.now() + DETECTION_MS; Date.now() < end;) {
    const faces = await api.request('GET', `/api/files/${item.fileId}/faces`);
    const single = await api.request('GET', `/api/medias-single/${item.itemId}`);
    const thumbed = (single.json.files as { thumbnail_url?: string }[])[0]?.thumbnail_url;
    if (faces.json.status === 'done' && thumbed) {
      return [...(faces.json.data as FaceRow[])].sort((a, b) => a.box.x - b.box.x);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`file ${item.fileId} was not read in time`);
}

/** Opens the item's first picture in the lightbox and shows its face boxes, with taps. */
async function openPictureFaces(page: Page, itemId: number, name: string) {
  await page.goto(`/medias/${itemId}/profile`);
  await page.getByRole('button', { name: `Ouvrir ${name}` }).tap();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: /^\d+ visages?$/ }).tap();
  return dialog;
}

/** The face boxes of the open picture, left to right. */
async function boxesLeftToRight(page: Page) {
  const boxes = page.locator('.kf-face-box:not(.kf-face-draft)');
  const lefts = await boxes.evaluateAll((nodes) =>
    nodes.map((node) => (node as HTMLElement).getBoundingClientRect().left),
  );
  return lefts
    .map((left, index) => ({ left, box: boxes.nth(index) }))
    .sort((a, b) => a.left - b.left)
    .map((entry) => entry.box);
}

describe('faces: naming in the lightbox on a phone, suggestions, unknown groups', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: SanctumClient;
  let original: { itemId: number; fileId: number };

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startKinfolio({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, FACES: 'on' }),
      launchBrowser(),
    ]);
    api = await adminApi(server.url, ADMIN);
    const french = await api.call('updateUser', { body: { siteparams: { language: 'fr' } } });
    expect(french.status, french.text).toBe(200);
    original = await mediaWithPicture(server, api, 'trois.jpg', threeFaces());
    expect(await detectedFaces(api, original)).toHaveLength(3);
  }, DETECTION_MS + 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    'names a face on a phone, then confirms it suggested on a cropped copy with one tap',
    async () => {
      const context = await newContext(browser, server.url, {
        width: 375,
        height: 740,
        touch: true,
      });
      const page = await context.newPage();
      await loginViaUi(page, ADMIN);

      const dialog = await openPictureFaces(page, original.itemId, 'trois.jpg');
      const [first] = await boxesLeftToRight(page);
      await first!.tap();
      await snap(page, 'faces-lightbox-chosen-phone');
      await dialog.getByRole('combobox', { name: 'Qui est-ce ?' }).fill('Alice');
      await page.getByRole('option', { name: 'Nouvelle personne : Alice' }).tap();
      await expect
        .poll(() => dialog.getByRole('button', { name: 'Visage de Alice' }).count())
        .toBe(1);
      await expect.poll(() => dialog.getByRole('link', { name: 'Alice' }).count()).toBe(1);
      await snap(page, 'faces-lightbox-named-phone');
      await expectNoSeriousA11yViolations(page, 'the lightbox with a named face (phone)');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      // A resized, cropped copy: the same face, and only it, is suggested as Alice.
      const copy = await mediaWithPicture(server, api, 'recadrée.jpg', await croppedCopy());
      const copyFaces = await detectedFaces(api, copy);
      expect(copyFaces.filter((face) => face.suggestion?.name === 'Alice')).toHaveLength(1);

      const copyDialog = await openPictureFaces(page, copy.itemId, 'recadrée.jpg');
      await copyDialog.getByRole('button', { name: 'Visage, peut-être Alice' }).tap();
      await expect.poll(() => copyDialog.getByText('Est-ce Alice ?').count()).toBe(1);
      await snap(page, 'faces-lightbox-suggestion-phone');
      await copyDialog.getByRole('button', { name: 'Oui', exact: true }).tap();
      await expect
        .poll(() => copyDialog.getByRole('button', { name: 'Visage de Alice' }).count())
        .toBe(1);

      // Both pictures are now in Alice's lists.
      const people = await api.request('GET', '/api/faces/people');
      const alice = (people.json as unknown as { id: number; name: string; photos: number }[]).find(
        (person) => person.name === 'Alice',
      );
      expect(alice?.photos).toBe(2);
      const medias = await api.request('GET', `/api/medias-participant/${alice!.id}`);
      expect((medias.json.data as { id: number }[]).map((row) => row.id).sort()).toEqual(
        [original.itemId, copy.itemId].sort(),
      );
      await context.close();
    },
    DETECTION_MS + 60_000,
  );

  it('names a group of unknown faces with the keyboard on the People page', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.getByRole('link', { name: 'Personnes' }).first().click();
    await expect.poll(() => page.getByRole('link', { name: /Alice/ }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'the People page');
    await snap(page, 'faces-people-desktop');

    await page.getByRole('tab', { name: 'Visages inconnus' }).click();
    const groups = page.locator('.kf-group');
    await expect.poll(() => groups.count()).toBeGreaterThan(0);
    const before = await groups.count();
    const size = Number(
      ((await groups.first().locator('h2').innerText()).match(/\d+/) ?? ['0'])[0],
    );
    expect(size).toBeGreaterThanOrEqual(2);
    await expectNoSeriousA11yViolations(page, 'the unknown faces');
    await snap(page, 'faces-unknown-desktop');

    // Keys only: the first group, its "who is this?" field, a new person, Enter.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Bruno');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => groups.count(), { timeout: 15_000 }).toBe(before - 1);

    const people = await api.request('GET', '/api/faces/people');
    const bruno = (people.json as unknown as { name: string; photos: number }[]).find(
      (person) => person.name === 'Bruno',
    );
    expect(bruno?.photos).toBe(size);
    await page.getByRole('tab', { name: 'Personnes' }).click();
    await expect.poll(() => page.getByRole('link', { name: /Bruno/ }).count()).toBe(1);

    // The person's page: their photos as a grid, the timeline.
    await page.getByRole('link', { name: /Bruno/ }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Bruno' }).count()).toBe(1);
    await expect.poll(() => page.locator('.kf-person-photos img').count()).toBe(size);
    await expectNoSeriousA11yViolations(page, 'a person’s page');
    await snap(page, 'faces-person-desktop');
    await context.close();
  });

  it('shows the faces settings and the People page in German on a dark phone', async () => {
    const german = await api.call('updateUser', {
      body: { siteparams: { language: 'de', darkMode: true } },
    });
    expect(german.status, german.text).toBe(200);
    const context = await newContext(browser, server.url, {
      width: 375,
      height: 740,
      touch: true,
      colorScheme: 'dark',
      locale: 'de-DE',
    });
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto('/admin/tabAdminParam/faces');
    await expect.poll(() => page.getByText('Biometrische Daten', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('switch', { name: 'Gesichter suchen' }).isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the faces settings (de, dark phone)');
    await snap(page, 'faces-admin-de-dark-phone');
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.goto('/people');
    await expect.poll(() => page.getByRole('link', { name: /Alice/ }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'the People page (de, dark phone)');
    await snap(page, 'faces-people-de-dark-phone');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: 'Unbekannte Gesichter' }).tap();
    await expect.poll(() => page.locator('.kf-group').count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, 'the unknown faces (de, dark phone)');
    await snap(page, 'faces-unknown-de-dark-phone');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await context.close();
  });
});
