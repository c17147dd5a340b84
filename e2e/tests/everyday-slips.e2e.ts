import { afterAll, describe, expect, it } from 'vitest';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';
import { attachFile, picture } from '../support/thumbnails.js';

const PHONE = { width: 375, height: 740, touch: true };
const DESKTOP = { width: 1440, height: 900 };
const TITLE = 'Lettre de Cassis';

/** Every tab label of the bar whole and on screen: nothing cut, nothing to scroll to. */
async function tabLabelsWhole(page: Page, width: number) {
  return page.locator('#organisation-tabs [role="tab"]').evaluateAll(
    (tabs, viewport) =>
      tabs.map((tab) => {
        const label = tab.querySelector('.mantine-Tabs-tabLabel') as HTMLElement;
        const box = tab.getBoundingClientRect();
        return {
          text: label.textContent,
          whole:
            label.scrollWidth <= label.clientWidth + 1 && box.left >= 0 && box.right <= viewport,
        };
      }),
    width,
  );
}

describe('everyday slips: planning opening month, history from the creation, tabs and tree on phones', () => {
  let itemId = 0;
  const app = frenchAdminSuite(async ({ api }) => {
    const created = await api.call('post.create', {
      body: { language: 'fr', title: TITLE, date: '2019-05-10' },
    });
    expect(created.status, created.text).toBe(201);
    itemId = (JSON.parse(created.text) as { item: { id: number } }).item.id;
    const category = await api.call('categoryCreate', {
      body: { name: { fr: 'Famille', de: 'Familie' } },
    });
    expect(category.status, category.text).toBe(201);
    await attachFile(app, { id: itemId, type: 'post' }, 'plage.png', await picture('#3b82c4'));
    await attachFile(app, { id: itemId, type: 'post' }, 'port.png', await picture('#c47b3b'));
  });
  afterAll(() => undefined);

  it.each<[string, ContextOptions]>([
    ['375-touch', PHONE],
    ['1440', DESKTOP],
  ])(
    'planning opens on the latest month with entries, with "today" and "latest" buttons (%s)',
    async (name, options) => {
      const { context, page } = await adminPage(app, options);
      await page.goto('/planning');
      const total = page.locator('.kf-planning-calendar [role="status"]').first();
      await expect.poll(() => total.textContent(), { timeout: 10_000 }).toMatch(/mai 2019/);
      await snap(page, `slips-planning-${name}-fr`);
      await page.getByRole('button', { name: 'Aujourd’hui' }).click();
      await expect.poll(() => total.textContent(), { timeout: 10_000 }).not.toMatch(/mai 2019/);
      await page.getByRole('button', { name: 'Dernières entrées' }).click();
      await expect.poll(() => total.textContent(), { timeout: 10_000 }).toMatch(/mai 2019/);
      await context.close();
    },
  );

  it.each<[string, ContextOptions]>([
    ['375-touch', PHONE],
    ['1440', DESKTOP],
  ])(
    'offers the history before any edit, starting with the creation (%s)',
    async (name, options) => {
      const { context, page } = await adminPage(app, options);
      await page.goto(`/posts/${itemId}/profile`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await page.getByRole('link', { name: 'Historique', exact: true }).click();
      await page.getByRole('article', { name: /^Créé le/ }).waitFor();
      await snap(page, `slips-history-${name}-fr`);
      await context.close();
    },
  );

  it.each<[string, ContextOptions, string]>([
    ['375-touch', PHONE, 'plage.png'],
    ['1440', DESKTOP, 'port.png'],
  ])(
    'a file deleted from an item is said to wait in the deleted medias; restore and purge say so on phones (%s)',
    async (name, options, file) => {
      const { context, page } = await adminPage(app, { ...options, timeout: 30_000 });
      await page.goto(`/posts/${itemId}/profile`);
      await page.getByRole('button', { name: `Supprimer ${file}` }).click();
      const dialog = page.getByRole('dialog');
      await expect
        .poll(() => dialog.textContent())
        .toMatch(/médias supprimés.*30 jours.*restaurer/);
      expect(await dialog.textContent()).not.toMatch(/définitivement|irréversible/);
      await snap(page, `slips-file-delete-${name}-fr`);
      const deleted = page.waitForResponse(
        (response) =>
          response.request().method() === 'DELETE' &&
          new URL(response.url()).pathname.startsWith('/api/files/'),
      );
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      expect((await deleted).status()).toBe(200);

      await page.goto('/admin/tabAdminParam/deletedMedias');
      const restore = page
        .getByRole('button', { name: `Restaurer ${file}` })
        .filter({ visible: true });
      await restore.waitFor();
      // A phone has no pointer to hover for a tooltip: the buttons say what they do.
      if (options.touch) expect(await restore.textContent()).toBe('Restaurer');
      const purge = page.getByRole('button', { name: `Purger ${file}` }).filter({ visible: true });
      if (options.touch) expect(await purge.textContent()).toBe('Purger');
      else await purge.waitFor();
      await snap(page, `slips-deleted-medias-${name}-fr`);
      await context.close();
    },
  );

  it('draws the category tree in the app’s font on a desktop too (1440)', async () => {
    const { context, page } = await adminPage(app, DESKTOP);
    await page.goto('/tabOrganisation/categories');
    await page.locator('.kf-category-title', { hasText: 'Famille' }).waitFor();
    const fonts = await page.evaluate(() => ({
      body: getComputedStyle(document.body).fontFamily,
      tree: getComputedStyle(document.querySelector('.kf-category-title')!).fontFamily,
    }));
    expect(fonts.tree).toBe(fonts.body);
    await context.close();
  });

  it('organisation tabs read whole at 375 px in French and German; the tree in the app’s font', async () => {
    const { context, page } = await adminPage(app, PHONE);
    await page.goto('/tabOrganisation/categories');
    await page.locator('.kf-category-title', { hasText: 'Famille' }).waitFor();
    const fonts = await page.evaluate(() => ({
      body: getComputedStyle(document.body).fontFamily,
      tree: getComputedStyle(document.querySelector('.kf-category-title')!).fontFamily,
    }));
    expect(fonts.tree).toBe(fonts.body);
    const french = await tabLabelsWhole(page, PHONE.width);
    expect(french.map((tab) => tab.text)).toContain('Étiquettes');
    expect(french.filter((tab) => !tab.whole)).toEqual([]);
    await snap(page, 'slips-organisation-375-fr');

    const german = await app.api.call('updateUser', { body: { siteparams: { language: 'de' } } });
    expect(german.status, german.text).toBe(200);
    await page.goto('/tabOrganisation/tags');
    await page.getByRole('tab', { name: 'Schlagwörter' }).waitFor();
    const tabs = await tabLabelsWhole(page, PHONE.width);
    expect(tabs.filter((tab) => !tab.whole)).toEqual([]);
    await snap(page, 'slips-organisation-375-de');
    await context.close();
  });
});
