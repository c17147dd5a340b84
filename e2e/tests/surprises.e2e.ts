import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousA11yViolations,
  loginViaUi,
  nextResponse,
  pageSettled,
  waitForPath,
  START_PAGE,
} from '../support/app.js';
import { newContext, type Browser, type Page } from '../support/browser.js';
import type { SanctumClient } from '../support/http-client.js';
import { startWithFrenchAdmin } from '../support/french-admin.js';
import type { RunningServer } from '../support/server.js';

const ADMIN = { name: 'Admin', email: 'admin@example.com', password: 'e2e-admin-password' };
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
const BLANK_SERVER = "Donnez à l'élément un titre ou un contenu.";
const BLANK_FORM = 'Donnez à l’élément un titre ou un contenu.';
const ARABIC_TITLE = 'قطف العنب عام ١٩٦٢';

/** The texts of the toasts on screen. */
function toasts(page: Page): Promise<string[]> {
  return page
    .locator('.mantine-Notification-root')
    .evaluateAll((roots) => roots.map((root) => root.textContent?.trim() ?? ''));
}

describe('fewer surprises: blank items, files-only saves, a failing session check, Arabic titles', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: SanctumClient;
  let postId = 0;

  beforeAll(async () => {
    ({ server, browser, api } = await startWithFrenchAdmin(ADMIN));
    const post = await api.request('POST', '/api/posts', {
      title: 'Les vendanges de 1962',
      content: '<p>Toute la famille était au pressoir.</p>',
      language: 'fr',
    });
    expect(post.status, post.text).toBe(201);
    postId = (post.json as { item: { id: number } }).item.id;
    const arabic = await api.request('POST', '/api/posts', {
      title: ARABIC_TITLE,
      content: '<p>كانت العائلة كلها عند المعصرة.</p>',
      language: 'ar',
      parent_id: postId,
    });
    expect(arabic.status, arabic.text).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refuses an item with neither title nor content, in the form and on the server', async () => {
    const refused = await api.request('POST', '/api/posts', {
      title: ' ',
      content: '<p></p>',
      language: 'fr',
    });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({
      message: BLANK_SERVER,
      errors: { title: [BLANK_SERVER], content: [BLANK_SERVER] },
    });

    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto('/posts/new/profile');
    await page.getByRole('heading', { level: 1, name: 'Nouvel article' }).waitFor();
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/posts') {
        posted.push(request.url());
      }
    });
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    const title = page.getByRole('textbox', { name: 'Titre', exact: true });
    await page.getByText(BLANK_FORM).first().waitFor();
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    await poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(posted).toEqual([]);
    await expectNoSeriousA11yViolations(page, 'item form refusing a blank item');

    // A title is enough.
    await title.fill('Une lettre sans texte');
    const created = nextResponse(page, 'POST', '/api/posts');
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    expect((await created).status()).toBe(201);
    await context.close();
  });

  it('saves an edit with only new files with one message', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto(`/posts/${postId}/profile`);
    await page.getByRole('button', { name: 'Modifier' }).click();
    await poll(() => page.locator('.filepond--drop-label').innerText()).toContain('Glissez');
    await page
      .locator('.filepond--root input[type="file"]')
      .setInputFiles([
        { name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('Pressoir, 1962') },
      ]);
    await poll(() =>
      page.locator('.filepond--item[data-filepond-item-state="processing-complete"]').count(),
    ).toBe(1);
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(new URL(request.url()).pathname);
    });
    const attached = nextResponse(page, 'PATCH', '/api/medias/addfilepond');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect((await attached).status()).toBe(200);
    await page.getByRole('link', { name: /note\.txt/ }).waitFor();
    // Nothing more is sent once the screen and the network are at rest.
    await pageSettled(page);
    await page.waitForLoadState('networkidle');
    expect(patches).toEqual(['/api/medias/addfilepond']);
    expect(await toasts(page)).toEqual(['Les fichiers ont été joints.']);
    await context.close();
  });

  it('keeps the user logged in through a 500 on the session check', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);

    // One failure: tried again, the archive opens.
    let failures = 1;
    await page.route('**/api/logged-in-user', (route) =>
      failures-- > 0
        ? route.fulfill({ status: 500, json: { message: 'Erreur du serveur.' } })
        : route.continue(),
    );
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(START_PAGE);

    // The server keeps failing: the 500 error screen, not the login page.
    failures = 100;
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Oh, oh, erreur du serveur' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(START_PAGE);
    expect(await page.getByLabel('Adresse e-mail').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'error screen of a failing session check');

    // Back once the server answers, still logged in.
    failures = 0;
    await page.getByRole('button', { name: "Retour à l'accueil" }).click();
    await waitForPath(page, START_PAGE);
    await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
    await context.close();
  });

  it('shows Arabic titles right-to-left in lists, the versions panel and their page', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    // Every version, not one entry per story (the default), so the Arabic one has its own card.
    await page.goto('/posts?stories=0');
    const card = page.getByRole('heading', { level: 2, name: ARABIC_TITLE });
    expect(await card.getAttribute('dir')).toBe('rtl');
    await page.goto(`/posts/${postId}/profile`);
    const version = page.getByRole('region', { name: 'Traductions' }).getByText(ARABIC_TITLE);
    expect(await version.getAttribute('dir')).toBe('rtl');
    await version.click();
    await page.getByRole('heading', { level: 1, name: ARABIC_TITLE }).waitFor();
    expect(
      await page.getByRole('heading', { level: 1, name: ARABIC_TITLE }).getAttribute('dir'),
    ).toBe('rtl');
    await context.close();
  });
});
