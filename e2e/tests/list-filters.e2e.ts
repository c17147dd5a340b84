import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/app.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';

/** The query of the current address, as an object (order ignored). */
function queryOf(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

async function poll<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

function cardTitles(page: Page): Promise<string[]> {
  return page
    .locator('article.kf-item-card h2')
    .evaluateAll((titles) => titles.map((title) => title.textContent?.trim() ?? ''));
}

/** Picks an option of a Mantine select or tree select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page
    .locator('input:visible')
    .and(page.getByLabel(label, { exact: true }))
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('lists people can steer: combined filters in the address', () => {
  const ids = { ada: 0, bob: 0, summer: 0, family: 0 };

  const app = frenchAdminSuite(async ({ api }) => {
    const made = async (
      route: 'participantCreate' | 'tagCreate' | 'categoryCreate',
      body: object,
    ) => {
      const response = await api.call(route, { body });
      expect(response.status, response.text).toBe(201);
      const json = JSON.parse(response.text) as Record<string, { id: number }>;
      return Object.values(json).find((value) => typeof value === 'object')!.id;
    };
    ids.ada = await made('participantCreate', { name: 'Ada Lovelace' });
    ids.bob = await made('participantCreate', { name: 'Bob Marley' });
    ids.summer = await made('tagCreate', { name: { fr: 'Été', de: 'Sommer' } });
    ids.family = await made('categoryCreate', { name: { fr: 'Famille', de: 'Familie' } });
    const post = async (body: object) => {
      const response = await api.call('post.create', { body: { language: 'fr', ...body } });
      expect(response.status, response.text).toBe(201);
      return (JSON.parse(response.text) as { item: { id: number } }).item.id;
    };
    // Twelve letters from Ada with the summer tag between 1950 and 1961, and others around them.
    for (let year = 1950; year < 1962; year++) {
      const id = await post({
        title: `Lettre d’Ada ${year}`,
        date: `${year}-07-01`,
        from: [ids.ada],
        tags: [ids.summer],
        categories: [ids.family],
      });
      if (year === 1955) {
        await post({ title: 'Brief von Ada 1955', language: 'de', parent_id: id });
      }
    }
    await post({
      title: 'Lettre d’Ada 1975',
      date: '1975-07-01',
      from: [ids.ada],
      tags: [ids.summer],
    });
    await post({
      title: 'Lettre de Bob 1955',
      date: '1955-07-01',
      from: [ids.bob],
      tags: [ids.summer],
    });
    await post({ title: 'Sans étiquette 1955', date: '1955-07-01', from: [ids.ada] });
  });

  it('combines filters, keeps them over a reload, and sends a page past the end to the last', async () => {
    const { context, page } = await adminPage(app);
    await page.goto('/posts');
    await page.locator('article.kf-item-card').first().waitFor();

    await choose(page, 'Participant', 'Ada Lovelace');
    await choose(page, 'Étiquette', 'Été');
    await page.getByLabel('Du', { exact: true }).fill('1950-01-01');
    await page.getByLabel('Au', { exact: true }).fill('1961-12-31');
    await page.getByLabel('Ordre', { exact: true }).selectOption({ label: 'Plus anciens d’abord' });
    await poll(
      async () => queryOf(page),
      (q) => q.sort === 'oldest' && q.to === '1961-12-31',
      'the address',
    );
    expect(queryOf(page)).toEqual({
      participant: String(ids.ada),
      tag: String(ids.summer),
      from: '1950-01-01',
      to: '1961-12-31',
      sort: 'oldest',
    });
    // 12 stories (one with a translation), one entry each by default, oldest first, 10 a page.
    await page.getByRole('status').filter({ hasText: '12 éléments' }).waitFor();
    expect((await cardTitles(page))[0]).toBe('Lettre d’Ada 1950');

    await page.reload();
    await page.getByRole('status').filter({ hasText: '12 éléments' }).waitFor();
    await expect
      .poll(() =>
        page
          .locator('input:visible')
          .and(page.getByLabel('Participant', { exact: true }))
          .inputValue(),
      )
      .toBe('Ada Lovelace');
    expect(await page.getByLabel('Du', { exact: true }).inputValue()).toBe('1950-01-01');
    expect(
      await page
        .getByLabel('Ordre', { exact: true })
        .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
    ).toBe('Plus anciens d’abord');

    // Every version: the German translation stands beside its original; then one per story again.
    const stories = page.getByRole('switch', { name: 'Une entrée par histoire' });
    expect(await stories.isChecked()).toBe(true);
    await stories.uncheck();
    await page.getByRole('status').filter({ hasText: '13 éléments' }).waitFor();
    expect(queryOf(page).stories).toBe('0');
    await stories.check();
    await page.getByRole('status').filter({ hasText: '12 éléments' }).waitFor();
    expect(queryOf(page).stories).toBe('1');

    // An old address past the end: the last page, in place of it.
    await page.goto(`/posts?${new URLSearchParams({ ...queryOf(page), page: '7' }).toString()}`);
    await poll(
      async () => queryOf(page).page,
      (p) => p === '2',
      'the page',
    );
    await poll(
      () => cardTitles(page),
      (titles) => titles.length === 2,
      'the last page',
    );
    expect(await cardTitles(page)).toEqual(['Lettre d’Ada 1960', 'Lettre d’Ada 1961']);
    await page.goBack();
    // The replaced address left nothing behind it: back leaves the list.
    expect(queryOf(page).page).not.toBe('7');

    // Page size: 25 shows all 13 stories (1975 too, without the dates) on one page.
    await page.goto(`/posts?participant=${ids.ada}&tag=${ids.summer}`);
    await page.locator('article.kf-item-card').first().waitFor();
    await page.getByLabel('Par page', { exact: true }).selectOption('25');
    await poll(
      () => cardTitles(page),
      (titles) => titles.length === 13,
      'a page of 25',
    );
    expect(queryOf(page).per_page).toBe('25');
    await context.close();
  });

  it('opens the list of a participant, a tag or a category from the organisation screens', async () => {
    const { context, page } = await adminPage(app);
    await page.goto('/tabOrganisation/participants');
    await page.getByRole('button', { name: 'Éléments de Ada Lovelace : 15' }).click();
    await page.getByRole('menuitem', { name: 'Articles' }).click();
    await poll(
      async () => queryOf(page),
      (q) => q.participant === String(ids.ada),
      'the address',
    );
    expect(new URL(page.url()).pathname).toBe('/posts');
    // One entry per story: 14 stories (15 versions).
    await page.getByRole('status').filter({ hasText: '14 éléments' }).waitFor();

    await page.goto('/tabOrganisation/tags');
    await page.getByRole('button', { name: /^Éléments de Été : / }).click();
    await page.getByRole('menuitem', { name: 'Articles' }).click();
    await poll(
      async () => queryOf(page),
      (q) => q.tag === String(ids.summer),
      'the address',
    );
    await expectNoSeriousA11yViolations(page, 'a tag’s list');

    await page.goto('/tabOrganisation/categories');
    await page.getByRole('treeitem', { name: /Famille/ }).click();
    await page.getByRole('button', { name: 'Voir les éléments' }).click();
    await page.getByRole('menuitem', { name: 'Articles' }).click();
    await poll(
      async () => queryOf(page),
      (q) => q.category === String(ids.family),
      'the address',
    );
    await page.getByRole('status').filter({ hasText: '12 éléments' }).waitFor();

    // Ctrl+K finds the person (and the tag) beside the items, and shows the items' dates.
    await page.keyboard.press('ControlOrMeta+K');
    await page.getByRole('combobox', { name: 'Texte à rechercher' }).fill('ada lov');
    const person = page.getByRole('option', { name: 'Ada Lovelace' });
    await person.waitFor();
    await page.getByRole('combobox', { name: 'Texte à rechercher' }).fill('ada');
    await page.getByRole('group', { name: 'Articles' }).getByText('1 juillet 1961').waitFor();
    await person.click();
    await poll(
      async () => queryOf(page),
      (q) => q.participant === String(ids.ada),
      'the address',
    );
    await context.close();
  });

  it.each<[string, ContextOptions]>([
    ['fr-1440-light', { locale: 'fr-FR' }],
    ['fr-375-dark', { locale: 'fr-FR', width: 375, height: 800, colorScheme: 'dark' }],
    ['de-1440-dark', { locale: 'de-DE', colorScheme: 'dark' }],
    ['de-375-light', { locale: 'de-DE', width: 375, height: 800 }],
  ])('shows the filtered list in %s, axe clean', async (name, options) => {
    const language = options.locale === 'de-DE' ? 'de' : 'fr';
    const switched = await app.api.call('updateUser', {
      body: { siteparams: { language, darkMode: options.colorScheme === 'dark' } },
    });
    expect(switched.status, switched.text).toBe(200);
    const { context, page } = await adminPage(app, options);
    await page.goto(
      `/posts?participant=${ids.ada}&tag=${ids.summer}&from=1950-01-01&sort=title&stories=1`,
    );
    await page.locator('article.kf-item-card').first().waitFor();
    const toggle = page.getByRole('button', { name: /^(Filtres · Ordre|Filter · Reihenfolge) \(/ });
    if (await toggle.isVisible()) await toggle.click();
    await expectNoSeriousA11yViolations(page, `filtered list ${name}`);
    await snap(page, `list-filters-${name}`);
    await page.keyboard.press('ControlOrMeta+K');
    await page.getByRole('dialog').getByRole('combobox').fill('ada');
    await page.getByRole('dialog').getByRole('option').nth(3).waitFor();
    await expectNoSeriousA11yViolations(page, `quick search ${name}`);
    await page.screenshot({ path: `screenshots/quick-search-${name}.png` });
    await context.close();
  });

  it.each<[string, ContextOptions]>([
    ['375-touch', { width: 375, height: 740, touch: true }],
    ['1440', {}],
  ])(
    'searches inside a category, keeping the filter and the order asked (%s)',
    async (_, options) => {
      const switched = await app.api.call('updateUser', {
        body: { siteparams: { language: 'fr' } },
      });
      expect(switched.status, switched.text).toBe(200);
      const { context, page } = await adminPage(app, options);
      await page.goto(`/posts?category=${ids.family}&sort=oldest`);
      await page.locator('article.kf-item-card').first().waitFor();
      await page.getByRole('searchbox', { name: 'Rechercher' }).fill('lettre');
      await poll(
        async () => queryOf(page),
        (q) => q.search === 'lettre',
        'the address',
      );
      expect(queryOf(page)).toEqual({
        category: String(ids.family),
        sort: 'oldest',
        search: 'lettre',
      });
      // The twelve letters of the category, not Bob's nor the 1975 one outside it.
      await page.getByRole('status').filter({ hasText: '12 éléments' }).waitFor();
      await poll(
        async () => (await cardTitles(page))[0],
        (title) => title === 'Lettre d’Ada 1950',
        'the oldest first',
      );
      // Relevance is offered while searching (behind the compact bar's button on a phone).
      if (options.touch) {
        await page.getByRole('button', { name: 'Filtres · Ordre (2)' }).click();
      }
      await page.getByLabel('Ordre', { exact: true }).selectOption({
        label: 'Pertinence (meilleurs résultats d’abord)',
      });
      await poll(
        async () => queryOf(page),
        (q) => q.sort === undefined && q.category === String(ids.family),
        'the address',
      );
      await context.close();
    },
  );

  it.each<[string, ContextOptions]>([
    ['fr', { locale: 'fr-FR', width: 375, height: 740, touch: true }],
    ['de', { locale: 'de-DE', width: 375, height: 740, touch: true }],
  ])(
    'starts a phone list (%s) with its content in the upper half of the screen',
    async (language, options) => {
      const switched = await app.api.call('updateUser', { body: { siteparams: { language } } });
      expect(switched.status, switched.text).toBe(200);
      const { context, page } = await adminPage(app, options);
      await page.goto('/posts');
      const first = page.locator('article.kf-item-card').first();
      await first.waitFor();
      const box = await first.boundingBox();
      expect(box?.y).toBeLessThan(370);
      // One entry per story by default: 15 stories, though one of them has a German version.
      await page
        .getByRole('status')
        .filter({ hasText: language === 'de' ? '15 Einträge' : '15 éléments' })
        .waitFor();
      // The selection bar waits for a selection (each card has its own box).
      expect(await page.locator('.kf-bulk-bar').count()).toBe(0);
      // The order, page size and story switch wait behind the one button.
      expect(await page.getByLabel(language === 'de' ? 'Pro Seite' : 'Par page').isVisible()).toBe(
        false,
      );
      await page
        .getByRole('button', {
          name: language === 'de' ? 'Filter · Reihenfolge' : 'Filtres · Ordre',
        })
        .click();
      await page.getByLabel(language === 'de' ? 'Pro Seite' : 'Par page').waitFor();
      const stories = page.getByRole('switch', {
        name: language === 'de' ? 'Ein Eintrag pro Geschichte' : 'Une entrée par histoire',
      });
      expect(await stories.isChecked()).toBe(true);
      await snap(page, `phone-list-options-${language}-375`);
      await context.close();
    },
  );
});
