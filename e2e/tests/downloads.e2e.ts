import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/app.js';
import { snap, type ContextOptions } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';

const PATH = '/admin/tabAdminParam/downloads';
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });

describe('downloads admin screen', () => {
  const app = frenchAdminSuite(async ({ api }) => {
    const category = await api.request('POST', '/api/categories', { name: 'Famille Dupré' });
    expect(category.status, category.text).toBe(201);
    const categoryId = (category.json.category as { id: number }).id;
    for (const title of ['Lettre de Rome', 'Lettre d’Alger', 'Carte postale']) {
      const mail = await api.request('POST', '/api/mails', {
        title,
        content: '<p>Bien des choses, « à bientôt ».</p>',
        language: 'fr',
        categories: [categoryId],
      });
      expect(mail.status, mail.text).toBe(201);
    }
  });

  it('starts an export of a category, shows it finish, downloads it (fr, 1440, light)', async () => {
    const { context, page } = await adminPage(app);
    await page.goto(PATH);
    await page.getByRole('tab', { name: 'Téléchargements', selected: true }).waitFor();
    await page.getByText('Rien n’a encore été produit à télécharger.').waitFor();

    await page.getByRole('radio', { name: 'Une catégorie' }).check();
    await page.getByPlaceholder('Choisissez une catégorie').click();
    await page.getByRole('option', { name: 'Famille Dupré' }).click();
    await page.getByRole('radio', { name: 'CSV' }).check();
    await page.getByRole('button', { name: 'Lancer l’export' }).click();
    await page.getByText("L'export a commencé.").first().waitFor();

    // The list polls until the job is done, then links the file.
    const link = page.getByRole('link', { name: /^kinfolio-Famille-Dupré-csv-.*\.csv$/ }).first();
    await poll(() => link.isVisible()).toBe(true);
    await snap(page, 'downloads-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'downloads fr 1440 light');

    const downloading = page.waitForEvent('download');
    await page
      .getByRole('link', { name: /^Télécharger kinfolio-Famille-Dupré/ })
      .first()
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kinfolio-Famille-Dupré-csv-\d{8}-\d{4}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('Lettre d’Alger');
    expect(text).toContain('Carte postale');
    await context.close();
  });

  it.each<[string, ContextOptions]>([
    ['en-375-dark', { locale: 'en-GB', width: 375, height: 812, colorScheme: 'dark', touch: true }],
    ['fr-375-light', { locale: 'fr-FR', width: 375, height: 812, touch: true }],
    ['de-1440-dark', { locale: 'de-DE', colorScheme: 'dark' }],
  ])('reads well on other screens (%s), axe clean', async (name, options) => {
    const language = name.slice(0, 2);
    const switched = await app.api.request('PATCH', '/api/update-user', {
      siteparams: { language, darkMode: options.colorScheme === 'dark' },
    });
    expect(switched.status, switched.text).toBe(200);
    const { context, page } = await adminPage(app, options);
    await page.goto(PATH);
    await poll(() =>
      page
        .getByRole('link', { name: /^kinfolio-Famille-Dupré-csv-[\d-]+\.csv$/ })
        .filter({ visible: true })
        .count(),
    ).toBe(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, `downloads-${name}`);
    await expectNoSeriousA11yViolations(page, `downloads ${name}`);
    await context.close();
  });

  it('deletes an export after confirmation', async () => {
    await app.api.request('PATCH', '/api/update-user', {
      siteparams: { language: 'fr', darkMode: false },
    });
    const { context, page } = await adminPage(app);
    await page.goto(PATH);
    await page
      .getByRole('button', { name: /^Supprimer kinfolio-Famille-Dupré/ })
      .filter({ visible: true })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText("L'export a été supprimé.").first().waitFor();
    await page.getByText('Rien n’a encore été produit à télécharger.').waitFor();
    await context.close();
  });
});
