import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/app.js';
import { toneMp3 } from '../support/audio.js';
import { newContext, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite, type FrenchAdminApp } from '../support/french-admin.js';
import { treeButton } from '../support/organisation.js';
import { attachFile, picture } from '../support/thumbnails.js';

// Uploads, the audio and thumbnails take a moment: polls wait up to 10 s.
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

const PHONE: ContextOptions = { width: 375, height: 812, touch: true };
const TRANSCRIPT =
  '[00:00:00] Mamie Odette : Alors, tu enregistres ?\n' +
  '[00:00:04] Papi Jean : En 1947, on fauchait encore à la main.\n' +
  '[00:00:09] Mamie Odette : Et le soir, le bal sur la place.';

/** Screenshots for people to look at: e2e/screenshots, and SHOTS_DIR when set. */
async function shot(page: Page, name: string) {
  const dirs = [path.resolve(import.meta.dirname, '../screenshots')];
  if (process.env.SHOTS_DIR) dirs.push(process.env.SHOTS_DIR);
  for (const dir of dirs) {
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  }
}

/** Uploads bytes through FilePond's route and attaches them to a record, as the form does. */
async function attachAudio(app: FrenchAdminApp, recordId: number, name: string, data: Buffer) {
  const { api, server } = app;
  const form = new FormData();
  form.append('filepond', new Blob([new Uint8Array(data)], { type: 'audio/mpeg' }), name);
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
    modelId: recordId,
    modelType: 'record',
  });
  expect(attached.status, attached.text).toBe(200);
}

/** Sets the dialog's settings, makes the link and reads it (shown this once). */
async function makeLink(page: Page, expiry: string, password?: string): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: expiry }).check();
  if (password) await dialog.getByLabel('Mot de passe (facultatif)').fill(password);
  await dialog.getByRole('button', { name: 'Créer le lien' }).click();
  const url = dialog.getByTestId('share-url');
  await url.waitFor();
  await dialog.getByRole('img', { name: 'Code QR du lien' }).waitFor();
  return new URL(await url.inputValue()).pathname;
}

/** A visitor with no account, in a browser of their own. */
async function visitor(app: FrenchAdminApp, options: ContextOptions = {}) {
  const context = await newContext(app.browser, app.server.url, options);
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  return { context, page, asked };
}

const playerTime = (page: Page) => page.getByTestId('player-time').innerText();

describe('shares: links that show relatives exactly what was shared', () => {
  let recordId = 0;
  let albumId = 0;
  const app = frenchAdminSuite(async (started) => {
    const { api } = started;
    const record = await api.call('recordCreate', {
      body: { title: 'La moisson de 1947', lang: 'fr', rawtranscription: TRANSCRIPT },
    });
    expect(record.status, record.text).toBe(201);
    recordId = (record.json.record as { id: number }).id;
    await attachAudio(started, recordId, 'face-a-1.mp3', await toneMp3(6, 330));
    await attachAudio(started, recordId, 'face-a-2.mp3', await toneMp3(8, 440));

    const category = await api.call('categoryCreate', { body: { name: { fr: 'Vacances' } } });
    expect(category.status, category.text).toBe(201);
    const categoryId = (category.json.category as { id: number }).id;
    for (const [title, inside] of [
      ['Lettre de la plage', true],
      ['Carte du col', true],
      ['Facture du garage', false],
    ] as const) {
      const mail = await api.request('POST', '/api/mails', {
        title,
        content: `<p>${title} : bien des choses.</p>`,
        language: 'fr',
        date: '1978-08-12',
        categories: inside ? [categoryId] : [],
      });
      expect(mail.status, mail.text).toBe(201);
    }
    const album = await api.request('POST', '/api/medias', {
      title: 'Album de la plage',
      language: 'fr',
      date: '1978-08-12',
    });
    expect(album.status, album.text).toBe(201);
    albumId = (album.json.item as { id: number }).id;
    for (const [name, colour] of [
      ['plage-1.png', '#1b5e87'],
      ['plage-2.png', '#c0392b'],
      ['plage-3.png', '#27ae60'],
    ] as const) {
      await attachFile(started, { id: albumId, type: 'media' }, name, await picture(colour));
    }
  });

  it(
    'shares a record with a password from a phone; a relative unlocks it on a phone, plays and seeks',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await adminPage(app, PHONE);
      await page.goto(`/records/${recordId}/profile`);
      await page.getByRole('button', { name: 'Partager « La moisson de 1947 »' }).click();
      await page.getByRole('dialog', { name: 'Partager « La moisson de 1947 »' }).waitFor();
      await shot(page, 'share-dialog-fr-375-light');
      await expectNoSeriousA11yViolations(page, 'share dialog');
      const link = await makeLink(page, '1 semaine', 'moisson47');
      expect(link).toMatch(/^\/s\/[A-Za-z0-9_-]{22,}$/);
      await shot(page, 'share-dialog-link-fr-375-light');
      await context.close();

      const relative = await visitor(app, PHONE);
      await relative.page.goto(link);
      await relative.page.getByRole('heading', { name: 'Ce lien est protégé' }).waitFor();
      await shot(relative.page, 'share-public-password-fr-375-light');
      expect(await relative.page.getByText('La moisson de 1947').count()).toBe(0);
      await shot(relative.page, 'share-public-password-fr-375-light');
      await expectNoSeriousA11yViolations(relative.page, 'share password');
      await relative.page.getByLabel('Mot de passe', { exact: true }).fill('faux');
      await relative.page.getByRole('button', { name: 'Ouvrir' }).click();
      await relative.page.getByText('Ce mot de passe n’est pas le bon.').waitFor();
      await relative.page.getByLabel('Mot de passe', { exact: true }).fill('moisson47');
      await relative.page.getByRole('button', { name: 'Ouvrir' }).click();
      await relative.page.getByRole('heading', { name: 'La moisson de 1947' }).waitFor();

      // Outside the app: no navigation, no session asked for, not indexed, no referrer.
      expect(await relative.page.locator('nav').count()).toBe(0);
      expect(relative.asked.filter((asked) => /logged-in-user|app-state/.test(asked))).toEqual([]);
      expect(await relative.page.locator('meta[name="robots"]').getAttribute('content')).toContain(
        'noindex',
      );
      expect(await relative.page.locator('meta[name="referrer"]').getAttribute('content')).toBe(
        'no-referrer',
      );

      // Both parts' lengths are read first: 6 s + 8 s.
      await poll(() => playerTime(relative.page)).toBe('00:00:00 / 00:00:14');
      await relative.page.getByRole('button', { name: 'Lire' }).click();
      await poll(() => playerTime(relative.page)).not.toMatch(/^00:00:00 /);
      await relative.page.getByRole('button', { name: 'Écouter à partir de 00:00:09' }).click();
      await poll(() => playerTime(relative.page)).toMatch(/^00:00:(09|10|11) \/ 00:00:14$/);
      await poll(() =>
        relative.page.locator('.kf-public-segment[aria-current="true"]').innerText(),
      ).toContain('le bal sur la place');
      await relative.page.getByRole('button', { name: 'Pause' }).click();
      await shot(relative.page, 'share-public-record-fr-375-light');
      await expectNoSeriousA11yViolations(relative.page, 'shared record');
      await relative.context.close();

      // The same page on a desktop, and on a German phone in the dark.
      for (const [name, options, open, heading] of [
        ['fr-1440-light', {}, 'Ouvrir', 'La moisson de 1947'],
        [
          'de-375-dark',
          { ...PHONE, locale: 'de-DE', colorScheme: 'dark' },
          'Öffnen',
          'La moisson de 1947',
        ],
      ] as const) {
        const other = await visitor(app, options);
        await other.page.goto(link);
        await other.page.getByLabel(/^(Mot de passe|Passwort)$/).fill('moisson47');
        await other.page.getByRole('button', { name: open }).click();
        await other.page.getByRole('heading', { name: heading }).waitFor();
        await poll(() => playerTime(other.page)).toMatch(/ \/ 00:00:14$/);
        await shot(other.page, `share-public-record-${name}`);
        await expectNoSeriousA11yViolations(other.page, `shared record ${name}`);
        await other.context.close();
      }
    },
  );

  it(
    'shares a photo set; the relative steps through the pictures in the lightbox',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await adminPage(app);
      await page.goto(`/medias/${albumId}/profile`);
      await page.getByRole('button', { name: 'Partager « Album de la plage »' }).click();
      const link = await makeLink(page, '1 mois');
      await context.close();

      for (const [name, options] of [
        ['fr-1440-light', {}],
        ['fr-375-light', PHONE],
        ['de-375-dark', { ...PHONE, locale: 'de-DE', colorScheme: 'dark' }],
      ] as const) {
        const relative = await visitor(app, options);
        await relative.page.goto(link);
        await relative.page.getByRole('heading', { name: 'Album de la plage' }).waitFor();
        const tiles = relative.page.locator('.kf-public-tile img');
        await poll(() => tiles.count()).toBe(3);
        await poll(() =>
          tiles.evaluateAll((imgs) =>
            imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0),
          ),
        ).toBe(true);
        await shot(relative.page, `share-public-photos-${name}`);
        await expectNoSeriousA11yViolations(relative.page, 'shared photos');
        if (name === 'fr-1440-light') {
          await relative.page.locator('.kf-public-tile').first().click();
          const dialog = relative.page.getByRole('dialog');
          await dialog.getByText('1 sur 3').waitFor();
          await relative.page.keyboard.press('ArrowRight');
          await dialog.getByText('2 sur 3').waitFor();
          await shot(relative.page, 'share-public-lightbox-fr-1440-light');
          await expectNoSeriousA11yViolations(relative.page, 'shared lightbox');
          await relative.page.keyboard.press('Escape');
        }
        await relative.context.close();
      }
    },
  );

  it(
    'shares a category on desktop: only its items show; revoked, the link is refused',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await adminPage(app);
      await page.goto('/tabOrganisation/categories');
      await treeButton(page, 'Vacances').click();
      await page.getByRole('button', { name: 'Partager « Vacances »' }).click();
      await shot(page, 'share-dialog-fr-1440-light');
      const link = await makeLink(page, 'Sans fin');
      await page.getByRole('button', { name: 'Terminé' }).click();
      // Shared again on a later visit: the dialog first lists the link already made.
      await page.reload();
      await treeButton(page, 'Vacances').click();
      await page.getByRole('button', { name: 'Partager « Vacances »' }).click();
      const again = page.getByRole('dialog', { name: 'Partager « Vacances »' });
      await again.getByText('Un lien existe déjà pour ceci').waitFor();
      await again.getByText(/Sans fin · 0 vue/).waitFor();
      await shot(page, 'share-dialog-existing-fr-1440-light');
      await again.getByRole('button', { name: 'Annuler' }).click();

      const relative = await visitor(app);
      await relative.page.goto(link);
      await relative.page.getByRole('heading', { name: 'Vacances', level: 1 }).waitFor();
      const titles = relative.page.locator('.kf-public-entry h2');
      await poll(() => titles.allInnerTexts()).toEqual(
        expect.arrayContaining(['Lettre de la plage', 'Carte du col']),
      );
      expect(await titles.count()).toBe(2);
      expect(await relative.page.getByText('Facture du garage').count()).toBe(0);
      await shot(relative.page, 'share-public-category-fr-1440-light');
      await expectNoSeriousA11yViolations(relative.page, 'shared category');

      // Searching stays inside the category.
      await relative.page.getByRole('searchbox').fill('garage');
      await relative.page.getByRole('button', { name: 'Chercher' }).click();
      await relative.page.getByText('Rien ne correspond à ces mots.').waitFor();
      await relative.page.getByRole('searchbox').fill('col');
      await relative.page.getByRole('button', { name: 'Chercher' }).click();
      await poll(() => titles.allInnerTexts()).toEqual(['Carte du col']);
      await titles.first().getByRole('link').click();
      await relative.page.getByRole('heading', { name: 'Carte du col', level: 1 }).waitFor();
      await relative.page.getByText('Carte du col : bien des choses.').waitFor();
      await shot(relative.page, 'share-public-entry-fr-1440-light');

      for (const [name, options, by] of [
        ['de-375-dark', { ...PHONE, locale: 'de-DE', colorScheme: 'dark' }, /^Geteilt von Admin/],
        ['fr-375-light', PHONE, /^Partagé par Admin/],
      ] as const) {
        const phone = await visitor(app, options);
        await phone.page.goto(link);
        await phone.page.getByRole('heading', { name: 'Vacances', level: 1 }).waitFor();
        await phone.page.getByText(by).waitFor();
        await shot(phone.page, `share-public-category-${name}`);
        await expectNoSeriousA11yViolations(phone.page, `shared category ${name}`);
        await phone.context.close();
      }

      // The links screen: views counted; revoking refuses the link at once.
      await page.goto('/shares');
      await page.getByRole('heading', { name: 'Liens partagés' }).waitFor();
      await shot(page, 'shares-list-fr-1440-light');
      await expectNoSeriousA11yViolations(page, 'shared links');
      await page.getByRole('button', { name: 'Révoquer le lien « Vacances »' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Révoquer' }).click();
      await page.getByText('Révoqué').first().waitFor();
      await relative.page.goto(link);
      await relative.page.getByRole('heading', { name: 'Lien introuvable' }).waitFor();
      await expectNoSeriousA11yViolations(relative.page, 'revoked link');
      await shot(relative.page, 'share-public-revoked-fr-1440-light');
      await relative.context.close();

      const phoneAdmin = await adminPage(app, PHONE);
      await phoneAdmin.page.goto('/shares');
      await phoneAdmin.page.getByRole('heading', { name: 'Liens partagés' }).waitFor();
      await shot(phoneAdmin.page, 'shares-list-fr-375-light');
      await phoneAdmin.context.close();
      await context.close();
    },
  );

  it('speaks German to a German editor: the dialog and the links screen on a dark phone', async () => {
    const german = await app.api.call('updateUser', { body: { siteparams: { language: 'de' } } });
    expect(german.status, german.text).toBe(200);
    try {
      const { context, page } = await adminPage(app, {
        ...PHONE,
        locale: 'de-DE',
        colorScheme: 'dark',
      });
      await page.goto(`/records/${recordId}/profile`);
      await page.getByRole('button', { name: '„La moisson de 1947“ teilen' }).click();
      await page.getByRole('dialog', { name: '„La moisson de 1947“ teilen' }).waitFor();
      await shot(page, 'share-dialog-de-375-dark');
      await expectNoSeriousA11yViolations(page, 'share dialog (de, dark)');
      await page.getByRole('button', { name: 'Abbrechen' }).click();
      await page.goto('/shares');
      await page.getByRole('heading', { name: 'Geteilte Links' }).waitFor();
      await page.locator('text=Widerrufen >> visible=true').first().waitFor();
      await shot(page, 'shares-list-de-375-dark');
      await expectNoSeriousA11yViolations(page, 'shared links (de, dark)');
      await context.close();
    } finally {
      await app.api.call('updateUser', { body: { siteparams: { language: 'fr' } } });
    }
  });
});
