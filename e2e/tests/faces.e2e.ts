import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, loginViaUi, nextResponse } from '../support/app.js';
import { launchBrowser, newContext, snap, type Browser } from '../support/browser.js';
import {
  boxesLeftToRight,
  cornerOnScreen,
  croppedCopy,
  detectedFaces,
  dialogOnTop,
  DETECTION_MS,
  dragWithFinger,
  drawnFace,
  type FaceRow,
  mediaWithPicture,
  openPictureFaces,
  threeFaces,
} from '../support/faces.js';
import { ADMIN } from '../support/french-admin.js';
import type { SanctumClient } from '../support/http-client.js';
import { adminApi } from '../support/organisation.js';
import { startKinfolio, type RunningServer } from '../support/server.js';

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

  it('draws a face by hand with the mouse on a wide screen', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto(`/medias/${original.itemId}/profile`);
    await page.getByRole('button', { name: 'Ouvrir trois.jpg' }).click();
    const dialog = page.getByRole('dialog', { name: 'trois.jpg' });
    const before = (await api.request('GET', `/api/files/${original.fileId}/faces`)).json
      .data as FaceRow[];
    await dialog.getByRole('button', { name: 'Ajouter un visage' }).click();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Tracez un cadre autour du visage' }).count())
      .toBe(1);
    await snap(page, 'faces-draw-desktop');

    const { from, to } = await cornerOnScreen(page);
    const saved = nextResponse(page, 'POST', `/api/files/${original.fileId}/faces`);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    expect((await saved).status()).toBe(201);

    const drawn = await drawnFace(api, original.fileId);
    expect(drawn?.participant).toBeNull();
    expect(drawn?.box.width).toBeGreaterThan(0.08);
    expect(drawn?.box.width).toBeLessThan(0.16);
    const after = (await api.request('GET', `/api/files/${original.fileId}/faces`)).json
      .data as FaceRow[];
    expect(after).toHaveLength(before.length + 1);
    // The new face is chosen at once, its boxes still shown, drawing over.
    await expect
      .poll(() => dialog.locator('.kf-face-box:not(.kf-face-draft)').count())
      .toBe(after.length);
    await expect.poll(() => dialog.locator('.kf-face-frame[data-shown]').count()).toBe(1);
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Qui est-ce ?' }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Ajouter un visage' }).count()).toBe(1);
    // The item's map, below on the page, stays under the lightbox.
    expect(await dialogOnTop(page, 'trois.jpg')).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the lightbox after drawing a face (desktop)');
    await snap(page, 'faces-drawn-desktop');

    // A slip (a click without a drag) makes no face.
    await dialog.getByRole('button', { name: 'Ajouter un visage' }).click();
    await page.mouse.click(from.x, to.y + 10);
    await dialog.getByRole('button', { name: 'Tracez un cadre autour du visage' }).click();
    const still = (await api.request('GET', `/api/files/${original.fileId}/faces`)).json
      .data as FaceRow[];
    expect(still).toHaveLength(after.length);
    await context.close();
  });

  it(
    'draws a face by hand with a finger on a 375 px phone',
    async () => {
      const context = await newContext(browser, server.url, {
        width: 375,
        height: 740,
        touch: true,
      });
      const page = await context.newPage();
      await loginViaUi(page, ADMIN);
      const copy = await mediaWithPicture(server, api, 'dessin.jpg', await croppedCopy());
      const detected = await detectedFaces(api, copy);
      const dialog = await openPictureFaces(page, copy.itemId, 'dessin.jpg');
      await dialog.getByRole('button', { name: 'Ajouter un visage' }).tap();
      await expect
        .poll(() =>
          dialog.getByRole('button', { name: 'Tracez un cadre autour du visage' }).count(),
        )
        .toBe(1);
      const saved = nextResponse(page, 'POST', `/api/files/${copy.fileId}/faces`);
      await dragWithFinger(context, page);
      expect((await saved).status()).toBe(201);
      // The drag drew a face and did not step to another picture.
      await expect.poll(() => page.getByRole('dialog', { name: 'dessin.jpg' }).count()).toBe(1);
      const after = (await api.request('GET', `/api/files/${copy.fileId}/faces`)).json
        .data as FaceRow[];
      expect(after).toHaveLength(detected.length + 1);
      expect(await drawnFace(api, copy.fileId)).toBeDefined();
      await expect
        .poll(() => dialog.getByRole('combobox', { name: 'Qui est-ce ?' }).count())
        .toBe(1);
      await expectNoSeriousA11yViolations(page, 'the lightbox after drawing a face (phone)');
      await snap(page, 'faces-drawn-phone');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
    },
    DETECTION_MS + 60_000,
  );

  it('reads a person page past its first 48 photos, and the whole timeline', async () => {
    const created = await api.request('POST', '/api/participants', { name: 'Grand-mère' });
    expect(created.status, created.text).toBe(201);
    const id = (created.json.participant as { id: number }).id;
    // 50 photos, one a year from 1950: more than a page of the grid and of the timeline.
    for (let year = 1950; year < 2000; year += 1) {
      const media = await api.request('POST', '/api/medias', {
        title: `Photo ${year}`,
        language: 'fr',
        from: [id],
        date: `${year}-06-01`,
      });
      expect(media.status, media.text).toBe(201);
    }
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto(`/people/${id}`);
    const tiles = page.locator('.kf-person-photos li');
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(48);
    expect(await page.getByRole('heading', { name: 'Photos (50)' }).count()).toBe(1);
    // The timeline, oldest first, stops where the unread page would start.
    const timeline = page.locator('.kf-timeline a');
    await expect.poll(() => timeline.count(), { timeout: 15_000 }).toBe(48);
    expect(await timeline.first().innerText()).toBe('Photo 1950');
    await expectNoSeriousA11yViolations(page, 'a person page with more than a page');
    await snap(page, 'faces-person-paged-desktop');

    await page.getByRole('button', { name: 'Afficher la suite' }).click();
    await expect.poll(() => timeline.count(), { timeout: 15_000 }).toBe(50);
    expect(await timeline.last().innerText()).toBe('Photo 1999');
    expect(await page.getByRole('button', { name: 'Afficher la suite' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(2);
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

  it('turns faces off and deletes all face data from the admin screen, in Italian', async () => {
    const italian = await api.call('updateUser', {
      body: { siteparams: { language: 'it', darkMode: false } },
    });
    expect(italian.status, italian.text).toBe(200);
    const context = await newContext(browser, server.url, { locale: 'it-IT' });
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto('/admin/tabAdminParam/faces');
    const enabled = page.getByRole('switch', { name: 'Cercare i volti' });
    await expect.poll(() => enabled.count()).toBe(1);
    expect(await enabled.isChecked()).toBe(true);

    // Off: no picture is read any more, and each says so; the faces found stay.
    const switched = nextResponse(page, 'PATCH', '/api/admin/faces');
    await enabled.click();
    expect((await switched).status()).toBe(200);
    await expect.poll(() => enabled.isChecked()).toBe(false);
    const off = await api.request('GET', `/api/files/${original.fileId}/faces`);
    expect(off.json.status).toBe('off');
    await expectNoSeriousA11yViolations(page, 'the faces settings, off (it)');
    await snap(page, 'faces-admin-off-it');

    // The lightbox offers neither the faces nor drawing one while it is off.
    await page.goto(`/medias/${original.itemId}/profile`);
    await page.getByRole('button', { name: 'Apri trois.jpg' }).click();
    const dialog = page.getByRole('dialog', { name: 'trois.jpg' });
    await expect.poll(() => dialog.locator('.kf-face-frame').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Aggiungi un volto' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^\d+ volt[io]$/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Deleting everything: the biometric warning on the screen, then a confirmation.
    await page.goto('/admin/tabAdminParam/faces');
    await expect.poll(() => page.getByText('Dati biometrici', { exact: true }).count()).toBe(1);
    const counted = async () =>
      ((await api.request('GET', '/api/admin/faces')).json.counts as { faces: number }).faces;
    const faces = await counted();
    expect(faces).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Eliminare tutti i dati dei volti' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminare tutti i dati dei volti?' });
    await expect.poll(() => confirm.count()).toBe(1);
    expect(await confirm.innerText()).toContain(`I ${faces} volti, le loro impronte biometriche`);
    await expectNoSeriousA11yViolations(page, 'the delete-all confirmation (it)');
    await snap(page, 'faces-delete-all-it');
    // Cancelling keeps everything.
    await confirm.getByRole('button', { name: /Annulla/ }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await counted()).toBe(faces);

    await page.getByRole('button', { name: 'Eliminare tutti i dati dei volti' }).click();
    const deleted = nextResponse(page, 'DELETE', '/api/admin/faces');
    await confirm.getByRole('button', { name: 'Elimina tutto' }).click();
    expect((await deleted).status()).toBeLessThan(300);
    const admin = await api.request('GET', '/api/admin/faces');
    expect((admin.json.counts as { faces: number; named: number }).faces).toBe(0);
    expect(admin.json.enabled).toBe(false);
    const gone = await api.request('GET', `/api/files/${original.fileId}/faces`);
    expect(gone.json.data).toEqual([]);
    await expect
      .poll(() => page.getByRole('switch', { name: 'Cercare i volti' }).isChecked())
      .toBe(false);
    await snap(page, 'faces-deleted-it');
    await context.close();
  });
});
