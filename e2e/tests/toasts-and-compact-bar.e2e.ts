import { describe, expect, it } from 'vitest';
import { snap, type ContextOptions, type Locator, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';

const PHONE = { width: 375, height: 740, touch: true };
const DESKTOP = { width: 1440, height: 900 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The box of an element once it stops moving (a toast slides in). */
async function settledBox(locator: Locator): Promise<Box> {
  let last = JSON.stringify(await locator.boundingBox());
  for (let tries = 0; tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = JSON.stringify(await locator.boundingBox());
    if (now === last) return JSON.parse(now) as Box;
    last = now;
  }
  throw new Error(`still moving: ${last}`);
}

/** Selects the first card and moves it to the trash from the bulk bar: the undo toast shows. */
async function trashFirstCard(page: Page) {
  await page
    .getByRole('checkbox', { name: /^Sélectionner « / })
    .first()
    .check();
  await page.locator('.kf-bulk-bar').getByRole('button', { name: 'Mettre à la corbeille' }).click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Annuler' });
  await toast.first().waitFor();
  return toast.first();
}

describe('toasts and the compact list bar: out of the way on a phone, in place on a desktop', () => {
  let tagId = 0;
  const app = frenchAdminSuite(async ({ api }) => {
    const tag = await api.call('tagCreate', { body: { name: { fr: 'Été', de: 'Sommer' } } });
    expect(tag.status, tag.text).toBe(201);
    tagId = (tag.json.tag as { id: number }).id;
    for (let year = 1960; year < 1968; year++) {
      const created = await api.call('post.create', {
        body: { language: 'fr', title: `Vacances ${year}`, date: `${year}-08-01`, tags: [tagId] },
      });
      expect(created.status, created.text).toBe(201);
    }
    const draft = await api.call('post.create', { body: { language: 'fr', title: 'Brouillon' } });
    expect(draft.status, draft.text).toBe(201);
    const trashed = await api.call('post.delete', {
      params: { id: (draft.json.item as { id: number }).id },
    });
    expect(trashed.status, trashed.text).toBe(200);
  });

  it.each<[string, ContextOptions]>([
    ['375-touch', PHONE],
    ['1440', DESKTOP],
  ])(
    'shows a toast where it hides neither the header nor the title (%s)',
    async (name, options) => {
      const { context, page } = await adminPage(app, options);
      await page.goto('/posts');
      await page.locator('article.kf-item-card').first().waitFor();
      const toast = await trashFirstCard(page);
      const box = await settledBox(toast);
      const header = (await page.locator('header').first().boundingBox())!;
      const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      const height = options.height!;
      if (options.touch) {
        // At the bottom of the screen, whole, away from the header and the page's title.
        expect(box.y).toBeGreaterThan(height / 2);
        expect(box.y + box.height).toBeLessThanOrEqual(height);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(options.width!);
      } else {
        // Where it always was on a desktop: the top right corner, under the header.
        expect(box.y).toBeLessThan(height / 4);
        expect(box.x + box.width).toBeGreaterThan(options.width! - 40);
        expect(box.x).toBeGreaterThan(options.width! / 2);
      }
      if (options.touch) expect(overlaps(box, header)).toBe(false);
      expect(overlaps(box, title)).toBe(false);
      await snap(page, `toast-${name}`);
      // The undo works from where it is.
      await toast.getByRole('button', { name: 'Annuler' }).click();
      await toast.filter({ hasText: 'Annuler' }).waitFor({ state: 'hidden' });
      await context.close();
    },
  );

  it.each<[string, ContextOptions]>([
    ['375-touch', PHONE],
    ['1440', DESKTOP],
  ])('counts the filters set on the compact bar, content first (%s)', async (name, options) => {
    const { context, page } = await adminPage(app, options);
    await page.goto(`/posts?tag=${tagId}&sort=oldest`);
    const first = page.locator('article.kf-item-card').first();
    await first.waitFor();
    const compact = page.getByRole('button', { name: /^Filtres · Ordre/ });
    const order = page.getByLabel('Ordre', { exact: true });
    if (options.touch) {
      // One bar: the search field and the button counting what is set (the tag and the order).
      expect(await compact.textContent()).toBe('Filtres · Ordre (2)');
      expect(await page.getByRole('searchbox', { name: 'Rechercher' }).isVisible()).toBe(true);
      expect(await order.isVisible()).toBe(false);
      expect((await first.boundingBox())!.y).toBeLessThan(options.height! / 2);
      await compact.click();
      await order.waitFor();
      expect(await compact.getAttribute('aria-expanded')).toBe('true');
    } else {
      // A desktop keeps its controls in sight, with no button to open.
      expect(await compact.count()).toBe(0);
      expect(await order.isVisible()).toBe(true);
    }
    expect(
      await order.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
    ).toBe('Plus anciens d’abord');
    expect(await first.locator('h2').textContent()).toBe('Vacances 1960');
    await snap(page, `compact-bar-${name}`);
    await context.close();
  });

  it.each<[string, ContextOptions]>([
    ['375-touch', PHONE],
    ['1440', DESKTOP],
  ])(
    'keeps the trash’s language and page size behind the same button on a phone (%s)',
    async (name, options) => {
      const { context, page } = await adminPage(app, options);
      await page.goto('/posts?deleted=1');
      await page.locator('article.kf-item-card').first().waitFor();
      const pageSize = page.getByLabel('Par page', { exact: true });
      const button = page.getByRole('button', { name: 'Filtres', exact: true });
      if (options.touch) {
        expect(await pageSize.isVisible()).toBe(false);
        await button.click();
        await pageSize.waitFor();
        await page
          .locator('input:visible')
          .and(page.getByLabel('Langue', { exact: true }))
          .waitFor();
      } else {
        expect(await button.count()).toBe(0);
        expect(await pageSize.isVisible()).toBe(true);
      }
      await snap(page, `trash-filters-${name}`);
      await context.close();
    },
  );
});
