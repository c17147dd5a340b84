import { routePath } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, nextResponse, waitForPath } from '../support/app.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';

const TITLE = 'La maison aux escaliers sans fin';
const CONTENT = 'Je montais un escalier en colimaçon qui ne finissait jamais.';

interface SavedDream {
  id: number;
  title: string;
  fields: Record<string, string | boolean | null>;
}

/** More patience than the default 10 s: the 2-core machine runs other suites too. */
const PATIENT = { timeout: 30_000 };

/** The dream cards' titles shown on the current list page. */
function cardTitles(page: Page): Promise<string[]> {
  return page
    .locator('article.kf-item-card h2')
    .evaluateAll((titles) => titles.map((title) => title.textContent?.trim() ?? ''));
}

describe('dreams: a fifth item type with fields of its own, and the history feed', () => {
  let dream: SavedDream | undefined;

  const app = frenchAdminSuite();

  it('creates a dream with a mood and the recurring flag, from the navbar and the form', async () => {
    const { context, page } = await adminPage(app, PATIENT);
    await page.getByRole('link', { name: 'Rêves', exact: true }).first().click();
    await waitForPath(page, '/dreams');
    await page.getByRole('link', { name: 'Nouveau rêve' }).click();
    await waitForPath(page, '/dreams/new/profile');
    await page.getByRole('heading', { level: 1, name: 'Nouveau rêve' }).waitFor();
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(TITLE);
    const editor = page.getByRole('textbox', { name: 'Contenu' });
    await editor.click();
    await page.keyboard.type(CONTENT);
    await page.getByRole('combobox', { name: 'Humeur' }).click();
    await page.getByRole('option', { name: 'Étrange' }).click();
    await page.getByRole('switch', { name: 'Rêve récurrent' }).check();
    await expectNoSeriousA11yViolations(page, 'dream form');

    const saved = nextResponse(page, 'POST', routePath('dream.create'));
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    const response = await saved;
    expect(response.status(), await response.text()).toBe(201);
    dream = ((await response.json()) as { item: SavedDream }).item;
    expect(dream.fields).toEqual({ mood: 'strange', recurring: true });
    await waitForPath(page, `/dreams/${dream.id}/profile`);
    // The read view says the dream's own fields.
    await page.getByText('Étrange', { exact: true }).waitFor();
    await page.getByText('Récurrent', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'dream profile');

    // The profile without an id (its id is optional in the path) opens the create form too.
    await page.goto('/dreams/profile');
    await page.getByRole('heading', { level: 1, name: 'Nouveau rêve' }).waitFor();
    await context.close();
  });

  it('finds the dream in its list, by the list search and by Ctrl+K', async () => {
    expect(dream, 'the first test created the dream').toBeDefined();
    const { context, page } = await adminPage(app, PATIENT);
    await page.goto('/dreams');
    await expect.poll(() => cardTitles(page)).toEqual([TITLE]);
    const card = page.locator('article.kf-item-card').filter({ hasText: TITLE });
    await card.getByText('Étrange').waitFor();
    await expectNoSeriousA11yViolations(page, 'dreams list');

    const searched = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === routePath('dream.search') &&
        new URL(r.url()).searchParams.get('query') === 'colimacon',
    );
    await page.getByRole('searchbox', { name: /^Rechercher/ }).fill('colimacon');
    expect((await searched).status()).toBe(200);
    await card.locator('.kf-snippet mark').first().waitFor();

    await page.keyboard.press('ControlOrMeta+K');
    await page.getByRole('combobox', { name: 'Texte à rechercher' }).fill('escaliers');
    const hit = page.getByRole('option').filter({ hasText: TITLE });
    await hit.waitFor();
    await page.getByRole('group', { name: 'Rêves' }).waitFor();
    await hit.click();
    await waitForPath(page, `/dreams/${dream!.id}/profile`);
    await context.close();
  });

  it('shows the creation and an edit in the /history feed, with a link to the diff', async () => {
    const { id } = dream!;
    const edited = await app.api.call('dream.update', {
      params: { id },
      body: { fields: { mood: 'sad' } },
    });
    expect(edited.status, edited.text).toBe(200);

    const { context, page } = await adminPage(app, PATIENT);
    await page.getByRole('link', { name: 'Modifications récentes' }).first().click();
    await waitForPath(page, '/history');
    const entries = page.locator('main article');
    await expect.poll(() => entries.count()).toBe(2);
    await expect.poll(() => entries.first().textContent()).toContain('Admin a modifié');
    await expect.poll(() => entries.nth(1).textContent()).toContain('Admin a créé');
    await expectNoSeriousA11yViolations(page, 'history feed');

    // One type's feed, then the edit's diff names the field that changed.
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Articles' }).click();
    await waitForPath(page, '/history/post');
    await page.getByText('Aucune modification pour l’instant.').waitFor();
    await page.goto('/history/dream');
    await page.getByRole('link', { name: `Voir les changements: ${TITLE}` }).click();
    await waitForPath(page, `/history/dream/${id}`);
    const change = page.locator('.kf-change-list li').filter({ hasText: 'Humeur' });
    await expect.poll(() => change.textContent()).toMatch(/Étrange\s*→\s*Triste/);
    await context.close();
  });

  it.each<[string, ContextOptions]>([
    ['fr-1440-light', { locale: 'fr-FR' }],
    ['fr-375-light', { locale: 'fr-FR', width: 375, height: 800 }],
    ['fr-375-dark', { locale: 'fr-FR', width: 375, height: 800, colorScheme: 'dark' }],
    ['de-1440-dark', { locale: 'de-DE', colorScheme: 'dark' }],
    ['de-375-dark', { locale: 'de-DE', width: 375, height: 800, colorScheme: 'dark' }],
    ['de-1440-light', { locale: 'de-DE' }],
  ])('shows the dream screens and the feed in %s, axe clean', async (name, options) => {
    const language = options.locale === 'de-DE' ? 'de' : 'fr';
    const switched = await app.api.call('updateUser', {
      body: { siteparams: { language, darkMode: options.colorScheme === 'dark' } },
    });
    expect(switched.status, switched.text).toBe(200);
    const { context, page } = await adminPage(app, { ...options, ...PATIENT });
    const screens: [string, string][] = [
      ['list', '/dreams'],
      ['profile', `/dreams/${dream!.id}/profile`],
      ['form', '/dreams/profile'],
      ['feed', '/history'],
    ];
    for (const [screen, path] of screens) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      if (screen === 'list' || screen === 'feed') {
        await page.locator('main article').first().waitFor();
      }
      if (screen === 'profile') await page.locator('main dl').waitFor();
      // The drop zone loads on demand: judge the form once FilePond has drawn it.
      if (screen === 'form') await page.locator('.filepond--drop-label label').waitFor();
      await expectNoSeriousA11yViolations(page, `dreams ${screen} ${name}`);
      await snap(page, `dreams-${screen}-${name}`);
    }
    await context.close();
  });
});
