import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginViaUi, nextResponse, waitForPath } from '../support/app.js';
import { newContext, snap, type Browser, type Page } from '../support/browser.js';
import type { SanctumClient } from '../support/http-client.js';
import { startWithFrenchAdmin } from '../support/french-admin.js';
import type { RunningServer } from '../support/server.js';

const ADMIN = { name: 'Admin', email: 'admin@example.com', password: 'e2e-admin-password' };

const TITLE = "La rentrée à l'école du village";
const CONTENT = 'Les enfants retrouvent la maîtresse et leurs camarades.';
const EN_TITLE = 'Back to the village school';
const EN_CONTENT = 'The children meet their teacher and their friends again.';

interface SavedItem {
  id: number;
  title: string;
  content: string;
  language: string;
  parent_id: number | null;
  translations: { id: number; language: string; title: string }[];
}

/** Types into the Tiptap editor of the open form (labelled "Contenu"). */
async function typeContent(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Contenu' });
  await editor.click();
  await page.keyboard.type(text);
}

/** Clicks the form's submit button and returns the saved item from the response. */
async function submitForm(
  page: Page,
  button: string,
  method: string,
  path: string,
  status: number,
): Promise<SavedItem> {
  const saved = nextResponse(page, method, path);
  await page.getByRole('button', { name: button, exact: true }).click();
  const response = await saved;
  expect(response.status(), await response.text()).toBe(status);
  return ((await response.json()) as { item: SavedItem }).item;
}

/** The item cards' titles shown on the current list page. */
function cardTitles(page: Page): Promise<string[]> {
  return page
    .locator('article.kf-item-card h2')
    .evaluateAll((titles) => titles.map((title) => title.textContent?.trim() ?? ''));
}

describe('archive screens: posts, translations, search, history, trash, correlation', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: SanctumClient;
  // Set by the first test, used by the following ones (they run in order in this file).
  let post: SavedItem | undefined;
  let translationId = 0;

  beforeAll(async () => {
    ({ server, browser, api } = await startWithFrenchAdmin(ADMIN));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a French post in the editor, then adds its English translation', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.getByRole('status').filter({ hasText: 'Rien ici pour l’instant.' }).waitFor();

    await page.getByRole('link', { name: 'Nouvel article' }).click();
    await waitForPath(page, '/posts/new/profile');
    await page.getByRole('heading', { level: 1, name: 'Nouvel article' }).waitFor();
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(TITLE);
    await typeContent(page, CONTENT);
    const created = await submitForm(page, 'Créer', 'POST', '/api/posts', 201);
    expect(created).toMatchObject({ title: TITLE, language: 'fr', parent_id: null });
    expect(created.content).toBe(`<p>${CONTENT}</p>`);
    post = created;

    // The profile of the new post: read view, then the translations panel.
    await waitForPath(page, `/posts/${created.id}/profile`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByText(CONTENT).waitFor();
    const panel = page.getByRole('region', { name: 'Traductions' });
    await panel.getByRole('button', { name: 'Ajouter une traduction' }).click();
    await page.getByRole('menuitem', { name: 'Anglais' }).click();
    await page
      .getByRole('heading', { level: 1, name: `Nouvelle traduction de « ${TITLE} »` })
      .waitFor();
    // The language proposed is the one chosen in the menu.
    expect(await page.getByRole('combobox', { name: 'Langue' }).inputValue()).toBe('Anglais');
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(EN_TITLE);
    // The form starts from the original's content: replace it.
    const editor = page.getByRole('textbox', { name: 'Contenu' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(EN_CONTENT);
    const translation = await submitForm(page, 'Créer', 'POST', '/api/posts', 201);
    expect(translation).toMatchObject({
      title: EN_TITLE,
      language: 'en',
      parent_id: created.id,
      content: `<p>${EN_CONTENT}</p>`,
    });

    translationId = translation.id;
    // The translation's profile lists both versions, the French one as the original.
    await waitForPath(page, `/posts/${translation.id}/profile`);
    await page.getByRole('heading', { level: 1, name: EN_TITLE }).waitFor();
    await panel.getByRole('link', { name: TITLE }).waitFor();
    await panel.getByText(EN_TITLE).waitFor();
    expect(await panel.getByText('original', { exact: true }).count()).toBe(1);
    await snap(page, 'archive-translation-profile');

    // Back on the original, the English version is a link in the panel.
    await panel.getByRole('link', { name: TITLE }).click();
    await waitForPath(page, `/posts/${created.id}/profile`);
    await panel.getByRole('link', { name: EN_TITLE }).waitFor();
    const single = await api.request('GET', `/api/posts-single/${created.id}`);
    expect(single.status).toBe(200);
    const stored = single.json as unknown as SavedItem;
    expect(stored.translations.map((v) => v.language).sort()).toEqual(['en', 'fr']);
    await context.close();
  });

  it('finds the post by an unaccented word and highlights the match', async () => {
    expect(post, 'the first test created the post').toBeDefined();
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    const searched = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/posts-search' &&
        new URL(r.url()).searchParams.get('query') === 'ecole',
    );
    await page.getByRole('searchbox', { name: /^Rechercher/ }).fill('ecole');
    expect((await searched).status()).toBe(200);
    await page.waitForURL((url) => url.searchParams.get('search') === 'ecole');
    const card = page.locator('article.kf-item-card').filter({ hasText: TITLE });
    const mark = card.locator('.kf-snippet mark');
    await mark.first().waitFor();
    expect(await mark.allTextContents()).toEqual(['école']);
    // Only the French post holds the word: the English translation is not a hit.
    await expect.poll(() => cardTitles(page)).toEqual([TITLE]);
    await snap(page, 'archive-search-highlight');
    await context.close();
  });

  it('edits the post and shows the replaced version with a word diff in its history', async () => {
    const { id } = post!;
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto(`/posts/${id}/profile`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    // Offered before the first edit too: the history starts with the creation.
    expect(await page.getByRole('link', { name: 'Historique', exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Modifier' }).click();
    const editor = page.getByRole('textbox', { name: 'Contenu' });
    await editor.getByText(CONTENT).waitFor();
    // Rewrite the paragraph with one word changed: "camarades." becomes "cousins.".
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Les enfants retrouvent la maîtresse et leurs cousins.');
    const updated = await submitForm(page, 'Enregistrer', 'PATCH', `/api/posts/${id}`, 200);
    expect(updated.content).toBe('<p>Les enfants retrouvent la maîtresse et leurs cousins.</p>');

    const history = page.getByRole('link', { name: 'Historique (1)' });
    await history.click();
    await waitForPath(page, `/history/post/${id}`);
    await page.getByRole('heading', { level: 1, name: `Historique de « ${TITLE} »` }).waitFor();
    await page.getByText('1 version antérieure, comparée à la version actuelle').waitFor();
    const version = page.getByRole('article').filter({ hasText: 'Version remplacée le' });
    expect(await version.count()).toBe(1);
    expect(await version.locator('.kf-diff del').allTextContents()).toEqual(['camarades']);
    expect(await version.locator('.kf-diff ins').allTextContents()).toEqual(['cousins']);
    await version.getByText('+1 mot ajouté depuis cette version').waitFor();
    await version.getByText('−1 mot retiré depuis cette version').waitFor();
    await version.getByText('Modifiée par Admin').waitFor();
    await snap(page, 'archive-history-diff');
    await context.close();
  });

  it('trashes the post, restores it from the trash, then deletes it for good', async () => {
    const { id } = post!;
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);

    const trashFromProfile = async () => {
      await page.goto(`/posts/${id}/profile`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await page.getByRole('button', { name: 'Mettre à la corbeille' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mettre à la corbeille ?' });
      await dialog.getByText(`« ${TITLE} » ira à la corbeille`).waitFor();
      const trashed = nextResponse(page, 'DELETE', `/api/posts/${id}`);
      await dialog.getByRole('button', { name: 'Mettre à la corbeille' }).click();
      expect((await trashed).status()).toBe(200);
      await waitForPath(page, '/posts');
    };

    await trashFromProfile();
    // Gone from the list; its English translation stays.
    await expect.poll(() => cardTitles(page)).toEqual([EN_TITLE]);
    // The trash view.
    await page
      .locator('label')
      .filter({ hasText: /^Corbeille$/ })
      .click();
    await page.waitForURL((url) => url.searchParams.get('deleted') === '1');
    await page.getByRole('heading', { level: 1, name: 'Articles : corbeille' }).waitFor();
    const card = page.locator('article.kf-item-card').filter({ hasText: TITLE });
    await card.getByText('À la corbeille').waitFor();
    const restored = nextResponse(page, 'POST', `/api/posts-restore/${id}`);
    await card.getByRole('button', { name: 'Restaurer' }).click();
    expect((await restored).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'La corbeille est vide.' }).waitFor();
    const back = await api.request('GET', `/api/posts-single/${id}`);
    expect(back.status).toBe(200);
    expect((back.json as { deleted_at: string | null }).deleted_at).toBeNull();

    await trashFromProfile();
    await page.goto('/posts?deleted=1');
    await card.getByRole('button', { name: 'Supprimer définitivement' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer définitivement ?' });
    await confirm.getByText('Cette action est irréversible.', { exact: false }).waitFor();
    const hardDeleted = nextResponse(page, 'DELETE', `/api/posts-harddelete/${id}`);
    await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
    expect((await hardDeleted).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'La corbeille est vide.' }).waitFor();
    expect((await api.request('GET', `/api/posts-single/${id}`)).status).toBe(404);
    expect((await api.request('GET', `/api/posts-revision/${id}`)).status).toBe(404);
    // The English translation outlives its original, as an original of its own.
    const orphan = await api.request('GET', `/api/posts-single/${translationId}`);
    expect(orphan.status, orphan.text).toBe(200);
    expect(orphan.json).toMatchObject({ parent_id: null, title: EN_TITLE, deleted_at: null });
    await context.close();
  });

  it('shows an original with its French and English previews in the correlation table', async () => {
    const original = await api.request('POST', '/api/posts', {
      title: 'Les vendanges de 1962',
      content:
        '<p>Toute la famille était au <strong>pressoir</strong> dès l’aube, les cousins aussi.</p>',
      language: 'fr',
      date: '1962-09-20',
    });
    expect(original.status, original.text).toBe(201);
    const originalId = (original.json as { item: SavedItem }).item.id;
    const english = await api.request('POST', '/api/posts', {
      title: 'The 1962 grape harvest',
      content: '<p>The whole family was at the press from dawn.</p>',
      language: 'en',
      date: '1962-09-20',
      parent_id: originalId,
    });
    expect(english.status, english.text).toBe(201);
    const englishId = (english.json as { item: SavedItem }).item.id;

    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto('/correlation/post');
    await page.getByRole('heading', { level: 1, name: 'Tableau des traductions' }).waitFor();
    // The English post left by the previous test is an original too.
    await page
      .getByRole('status')
      .filter({ hasText: /^2 originaux$/ })
      .waitFor();
    const table = page.getByRole('table', {
      name: 'Articles originaux et leurs versions par langue',
    });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    const row = rows.filter({ hasText: 'pressoir' });
    const cells = await row
      .locator('td')
      .evaluateAll((tds) => tds.map((td) => td.textContent?.trim() ?? ''));
    // The date heads the row; then fr, en, it, de, ar: previews are the content without markup,
    // cut to 50 characters.
    expect(await row.getByRole('rowheader').textContent()).toBe('20 septembre 1962');
    expect(cells).toEqual([
      'Toute la famille était au pressoir dès l’aube, les…original',
      'The whole family was at the press from dawn.',
      '—pas de version dans cette langue',
      '—pas de version dans cette langue',
      '—pas de version dans cette langue',
    ]);
    expect(
      await row.getByRole('link').evaluateAll((a) => a.map((l) => l.getAttribute('href'))),
    ).toEqual([`/posts/${originalId}/profile`, `/posts/${englishId}/profile`]);
    await snap(page, 'archive-correlation');
    await context.close();
  });
});
