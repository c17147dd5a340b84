import type { Import } from '@kinfolio/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/app.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';
import { importIdOf, picture, zipOf } from '../support/imports.js';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000 });

/**
 * Drops a zip on the Import page's picker, and confirms its preview when the server stops there
 * (`preview: true`); resolves on the report, with the import's id.
 */
async function importZip(page: Page, name: string, data: Buffer, confirm: string) {
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/zip', buffer: data });
  await page.waitForURL(/\/imports\/\d+$/);
  const report = page.getByRole('heading', { name: /^(Rapport|Report|Bericht)$/ });
  const go = page.getByRole('button', { name: confirm, exact: true });
  await poll(async () => (await report.isVisible()) || (await go.isVisible())).toBe(true);
  if (await go.isVisible()) await go.click();
  await report.waitFor({ timeout: 30_000 });
  return importIdOf(page);
}

describe('import screens', () => {
  const app = frenchAdminSuite(async ({ api }) => {
    for (const name of ['Mamie', 'Josette Martin']) {
      const made = await api.request('POST', '/api/participants', { name });
      expect(made.status, made.text).toBe(201);
    }
  });
  let first = 0;

  it('imports a zip of pictures from the add menu, reviews a near-duplicate, undoes (fr, 1440)', async () => {
    const { context, page } = await adminPage(app);
    // The empty archive's first screen offers an import.
    await page.goto('/posts');
    await page
      .getByRole('link', { name: 'Importer des photos, des mails ou des discussions…' })
      .waitFor();
    await page.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByRole('menuitem', { name: 'Importer…' }).click();
    await page.waitForURL(/\/import$/);
    await page.getByRole('heading', { name: 'Importer', level: 1 }).waitFor();
    await snap(page, 'import-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'import fr 1440 light');

    const one = await picture(1);
    const zip = await zipOf({
      'Vacances/plage.jpg': one,
      'Vacances/dune.jpg': await picture(2),
      'Noël/sapin.jpg': await picture(3),
      'Noël/liste.bin': Buffer.from('pas une image'),
    });
    first = await importZip(page, 'vacances.zip', zip, 'Importer');
    const figures = page.locator('.kf-import-counts dd');
    await expect.poll(() => figures.allTextContents()).toEqual(['3', '0', '0', '1']);
    await page.getByText('Noël/liste.bin').waitFor();
    await snap(page, 'import-report-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'import report fr 1440 light');

    // A resized, recompressed copy comes back as a near-duplicate, shown beside the original.
    await page.goto('/import');
    const copy = await sharp(one).resize(160).jpeg({ quality: 55 }).toBuffer();
    await importZip(page, 'copie.zip', await zipOf({ 'plage-petite.jpg': copy }), 'Importer');
    const pair = page.getByRole('listitem', { name: /^Nouvelle image n° \d+ et image n° \d+$/ });
    await pair.locator('img').nth(1).waitFor();
    await snap(page, 'import-duplicates-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'import near-duplicates fr 1440 light');
    await pair.getByRole('button', { name: 'Mettre la nouvelle à la corbeille' }).click();
    await pair.getByText('La nouvelle est dans la corbeille.').waitFor();

    // Undo the first import: its three pictures go to the trash.
    await page.goto(`/imports/${first}`);
    await page.getByRole('button', { name: 'Annuler cet import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler cet import ?' });
    await dialog.getByRole('button', { name: "Annuler l'import" }).click();
    await page.getByText('Annulé', { exact: true }).first().waitFor();
    const undone = await app.api.request('GET', `/api/imports/${first}`);
    const created = (undone.json as Import).created.media ?? [];
    expect(created).toHaveLength(3);
    // Its three pictures are in the trash (restorable from there), beside the copy put there.
    const trash = await app.api.request('GET', '/api/medias-deleted');
    const ids = (trash.json as { data: { id: number }[] }).data.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining(created));
    expect(ids).toHaveLength(4);

    await page.goto('/imports');
    await page.getByRole('link', { name: "Ouvrir l'import de vacances.zip" }).first().waitFor();
    await snap(page, 'imports-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'imports fr 1440 light');
    await context.close();
  });

  it('imports from a phone: the drawer’s entry, the picker, the report, undo (fr, 375 touch)', async () => {
    const { context, page } = await adminPage(app, {
      locale: 'fr-FR',
      width: 375,
      height: 812,
      touch: true,
    });
    await page.goto('/posts');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).tap();
    await page.getByRole('dialog').getByRole('link', { name: 'Importer' }).tap();
    await page.waitForURL(/\/import$/);
    const choose = page.getByRole('button', { name: 'Choisir un fichier' });
    const box = await choose.boundingBox();
    // A big target for a thumb.
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThan(300);
    const id = await importZip(
      page,
      'telephone.zip',
      await zipOf({ 'DCIM/IMG_0001.jpg': await picture(7), 'DCIM/IMG_0002.jpg': await picture(8) }),
      'Importer',
    );
    const figures = page.locator('.kf-import-counts dd');
    await expect.poll(() => figures.allTextContents()).toEqual(['2', '0', '0', '0']);
    await page.getByRole('button', { name: 'Annuler cet import' }).tap();
    await page
      .getByRole('dialog', { name: 'Annuler cet import ?' })
      .getByRole('button', { name: "Annuler l'import" })
      .tap();
    await poll(async () => {
      const status = await app.api.request('GET', `/api/imports/${id}`);
      return (status.json as Import).status;
    }).toBe('undone');
    await context.close();
  });

  it.each<[string, ContextOptions]>([
    ['fr-375-light', { locale: 'fr-FR', width: 375, height: 812, touch: true }],
    ['de-375-dark', { locale: 'de-DE', width: 375, height: 812, colorScheme: 'dark', touch: true }],
    ['de-1440-dark', { locale: 'de-DE', colorScheme: 'dark' }],
    ['fr-1440-dark', { locale: 'fr-FR', colorScheme: 'dark' }],
  ])('reads well on other screens (%s), axe clean', async (name, options) => {
    const language = name.slice(0, 2);
    const switched = await app.api.request('PATCH', '/api/update-user', {
      siteparams: { language, darkMode: options.colorScheme === 'dark' },
    });
    expect(switched.status, switched.text).toBe(200);
    const { context, page } = await adminPage(app, options);
    const screens: [string, string, () => Promise<void>][] = [
      ['import', '/import', () => page.locator('.kf-import-drop').waitFor()],
      [
        'imports',
        '/imports',
        () =>
          page
            .getByRole('link', { name: /vacances\.zip/ })
            .filter({ visible: true })
            .first()
            .waitFor(),
      ],
      ['report', `/imports/${first}`, () => page.locator('.kf-import-counts').waitFor()],
    ];
    // The preview, as the server will answer it once it stops there (status `ready`): a WhatsApp
    // chat with two authors and both questions, over the real participants.
    const real = await app.api.request('GET', `/api/imports/${first}`);
    const ready: Import = {
      ...(real.json as Import),
      id: 999_999,
      file_name: 'WhatsApp Chat with Famille.zip',
      source_kind: 'whatsapp',
      source_kinds: ['whatsapp'],
      status: 'ready',
      progress: 0,
      preview: {
        counts: { messages: 214, participants: 1, files: 12 },
        existing: 3,
        date_from: '2021-03-04',
        date_to: '2021-12-24',
        people: [
          { key: 'Mamie', name: 'Mamie', count: 120, participant_id: null, participant_name: null },
          { key: 'Jo', name: 'Jo', count: 94, participant_id: null, participant_name: null },
        ],
        questions: ['date_order', 'time_zone'],
      },
    };
    await page.route('**/api/imports/999999', (route) =>
      route.fulfill({ json: ready, headers: { 'content-type': 'application/json' } }),
    );
    screens.push([
      'preview',
      '/imports/999999',
      () => page.locator('form').getByRole('radio').first().waitFor(),
    ]);
    for (const [screen, path, shown] of screens) {
      await page.goto(path);
      await shown();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${screen} ${name} overflows`).toBeLessThanOrEqual(0);
      await snap(page, `import-${screen}-${name}`);
      await expectNoSeriousA11yViolations(page, `import ${screen} ${name}`);
    }
    await context.close();
  });
});
