import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousA11yViolations,
  loginViaUi,
  pageSettled,
  waitForPath,
  START_PAGE,
} from '../support/app.js';
import { newContext, snap, type Browser, type Locator, type Page } from '../support/browser.js';
import type { SanctumClient } from '../support/http-client.js';
import { startWithFrenchAdmin } from '../support/french-admin.js';
import type { RunningServer } from '../support/server.js';

const ADMIN = { name: 'Admin', email: 'admin@example.com', password: 'e2e-admin-password' };
const PHONE = { width: 375, height: 740, touch: true };

/** Texts of the matched elements whose content is wider than their box (cut or ellipsed). */
function clipped(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.textContent ?? ''} (${el.scrollWidth} > ${el.clientWidth})`),
  );
}

/** Widths of the icons of the navigation links: a long label must not squeeze them. */
function navIconWidths(nav: Locator): Promise<number[]> {
  return nav
    .locator('.kf-nav-link > svg')
    .evaluateAll((icons) => icons.map((icon) => Math.round(icon.getBoundingClientRect().width)));
}

async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
}

describe('phones: the navigation drawer with touch at 375 px, labels that fit', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: SanctumClient;
  let postId = 0;

  beforeAll(async () => {
    ({ server, browser, api } = await startWithFrenchAdmin(ADMIN));
    const post = await api.request('POST', '/api/posts', {
      title: 'Les vendanges de 1962 chez les cousins de Bourgogne',
      content: '<p>Toute la famille était au pressoir dès l’aube.</p>',
      language: 'fr',
      date: '1962-09-20',
    });
    expect(post.status, post.text).toBe(201);
    postId = (post.json as { item: { id: number } }).item.id;
    const arabic = await api.request('POST', '/api/posts', {
      title: 'قطف العنب عام ١٩٦٢ مع العائلة',
      content: '<p>كانت العائلة كلها عند المعصرة منذ الفجر.</p>',
      language: 'ar',
      parent_id: postId,
    });
    expect(arabic.status, arabic.text).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the drawer with the burger, navigates from it, and closes it', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);

    const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
    const drawer = page.getByRole('dialog', { name: 'Navigation principale' });
    await burger.tap();
    await drawer.waitFor();
    // Still open once the page has settled (it used to close again at once).
    await pageSettled(page);
    expect(await drawer.isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Fermer le menu' }).first().isVisible())
      .toBe(true);
    const nav = drawer.getByRole('navigation', { name: 'Navigation principale' });
    expect(await nav.getByRole('link', { name: 'Articles' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await expectNoSeriousA11yViolations(page, 'navigation drawer on a phone');
    await snap(page, 'phone-drawer');

    // The menu is longer than the screen: a scroll over it moves the drawer to its last links.
    const lastLinkBottom = () =>
      nav
        .getByRole('link')
        .last()
        .evaluate((link) => link.getBoundingClientRect().bottom);
    expect(await lastLinkBottom()).toBeGreaterThan(PHONE.height);
    const navBox = await nav.boundingBox();
    await page.mouse.move((navBox?.x ?? 0) + 40, 300);
    await page.mouse.wheel(0, 2000);
    await expect.poll(lastLinkBottom).toBeLessThanOrEqual(PHONE.height);
    await page.mouse.wheel(0, -2000);

    await nav.getByRole('link', { name: 'Médias' }).tap();
    await waitForPath(page, '/medias');
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Médias' }).waitFor();
    expect(await burger.getAttribute('aria-expanded')).toBe('false');

    // The drawer's close button closes it too, without navigating.
    await burger.tap();
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Fermer le menu' }).tap();
    await drawer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/medias');
    await context.close();
  });

  it('opens a bulk change dialog on a phone without focusing its picker (no list over the title)', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto('/posts');
    await page
      .getByRole('checkbox', {
        name: 'Sélectionner « Les vendanges de 1962 chez les cousins de Bourgogne »',
      })
      .tap();
    await page.getByRole('button', { name: 'Modifier…' }).tap();
    await page.getByRole('menuitem', { name: 'Changer la langue' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Changer la langue' });
    await dialog.waitFor();
    await pageSettled(page);
    const picker = dialog.getByRole('combobox', { name: 'Langue' });
    expect(await picker.evaluate((input) => input === document.activeElement)).toBe(false);
    expect(await page.getByRole('listbox').count()).toBe(0);
    await snap(page, 'phone-bulk-language');
    // The first tap opens the list; a choice is applied to the selected item.
    await picker.tap();
    await page.getByRole('option', { name: 'Italien' }).tap();
    expect(await picker.inputValue()).toBe('Italien');
    await context.close();
  });

  it('shows the translations table as a card per original, its type tabs on one row', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto('/correlation/post');
    await page.getByRole('heading', { level: 1, name: 'Tableau des traductions' }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Type d’élément' }).getByRole('tab');
    await tabs.first().waitFor();
    const tops = await tabs.evaluateAll((all) =>
      all.map((tab) => Math.round(tab.getBoundingClientRect().top)),
    );
    expect(tops).toHaveLength(5);
    expect(new Set(tops).size, 'the type tabs share one row').toBe(1);
    expect(await clipped(page.locator('.kf-route-tab .mantine-Tabs-tabLabel'))).toEqual([]);

    const card = page.locator('ul.mantine-hidden-from-md > li');
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    expect(await page.getByRole('table').isVisible()).toBe(false);
    const lines = card.first().getByRole('listitem');
    expect(await lines.allTextContents()).toEqual([
      'FRToute la famille était au pressoir dès l’aube.original',
      'EN—pas de version dans cette langue',
      'IT—pas de version dans cette langue',
      'DE—pas de version dans cette langue',
      'ARكانت العائلة كلها عند المعصرة منذ الفجر.',
    ]);
    // The Arabic version reads right to left, whole on the screen.
    const arabic = lines.nth(4).getByRole('link');
    expect(await arabic.getAttribute('dir')).toBe('rtl');
    const box = (await arabic.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSidewaysScroll(page, 'correlation');
    await expectNoSeriousA11yViolations(page, 'correlation on a phone');
    await snap(page, 'phone-correlation');

    // The site translations' cards: every language's label above its value.
    await page.goto('/tabOrganisation/siteTranslations');
    const first = page.locator('ul.mantine-hidden-from-md > li').first();
    await first.waitFor();
    const fields = await first.evaluate((li) =>
      Array.from(li.querySelectorAll('.mantine-Stack-root > p:first-child')).map((label) => {
        const value = label.nextElementSibling!.getBoundingClientRect();
        const own = label.getBoundingClientRect();
        return { below: value.top >= own.bottom - 1, aligned: Math.abs(value.left - own.left) < 1 };
      }),
    );
    expect(fields).toEqual(Array(4).fill({ below: true, aligned: true }));
    await context.close();
  });

  it('fits every label on a phone: lists, an item, Ctrl+K, organisation, German navigation', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);

    for (const path of [
      START_PAGE,
      `/posts/${postId}/profile`,
      `/history/post/${postId}`,
      '/correlation/post',
      '/tabOrganisation/categories',
      '/tabOrganisation/siteTranslations',
      '/params/interface',
      '/admin/tabAdminUsers/userList',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, path);
      expect(await clipped(page.locator('.mantine-SegmentedControl-root')), path).toEqual([]);
    }

    await page.goto(`/posts/${postId}/profile`);
    const versions = page.getByRole('region', { name: 'Traductions' });
    await versions.getByRole('button', { name: /^Détacher la version/ }).waitFor();
    expect(await clipped(versions.getByRole('button'))).toEqual([]);
    await expectNoSeriousA11yViolations(page, 'item on a phone');

    await page.getByRole('button', { name: 'Rechercher dans les archives (Ctrl+K)' }).tap();
    const search = page.getByRole('combobox', { name: 'Texte à rechercher' });
    await search.fill('1962');
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.count()).toBe(2);
    expect(await clipped(page.locator('.kf-quick-option .mantine-Badge-root'))).toEqual([]);
    await snap(page, 'phone-quick-search');
    await page.keyboard.press('Escape');

    const german = await api.request('PATCH', '/api/update-user', {
      siteparams: { language: 'de' },
    });
    expect(german.status, german.text).toBe(200);
    await page.goto(START_PAGE);
    await page.getByRole('button', { name: 'Menü öffnen' }).tap();
    const drawerNav = page
      .getByRole('dialog', { name: 'Hauptnavigation' })
      .getByRole('navigation', { name: 'Hauptnavigation' });
    await drawerNav.getByRole('link', { name: /^Oberfl/ }).waitFor();
    expect(new Set(await navIconWidths(drawerNav))).toEqual(new Set([20]));
    await snap(page, 'phone-drawer-de');
    await context.close();
  });

  it('keeps the German side navigation icons and the Separate button whole on a desktop', async () => {
    const context = await newContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByRole('link', { name: /^Oberfl/ }).waitFor();
    expect(new Set(await navIconWidths(nav))).toEqual(new Set([20]));

    await page.goto(`/posts/${postId}/profile`);
    const versions = page.getByRole('region', { name: 'Übersetzungen' });
    await versions.getByRole('button', { name: /^Die Version/ }).waitFor();
    expect(await clipped(versions.getByRole('button'))).toEqual([]);
    await context.close();
  });
});
