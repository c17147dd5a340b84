import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, loginViaUi, nextResponse } from '../support/app.js';
import { newContext, snap, type Browser, type Page } from '../support/browser.js';
import { startWithFrenchAdmin } from '../support/french-admin.js';
import type { SanctumClient } from '../support/http-client.js';
import type { RunningServer } from '../support/server.js';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
const ADMIN = { name: 'Admin', email: 'admin@example.com', password: 'e2e-admin-password' };
const TITLES = ['Noël 1961', 'Pâques 1962', 'Vendanges 1963', 'Mariage 1964', 'Baptême 1965'];

describe('bulk actions and list keys', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: SanctumClient;
  const ids = new Map<string, number>();
  let tagId = 0;

  beforeAll(async () => {
    ({ server, browser, api } = await startWithFrenchAdmin(ADMIN));
    for (const [index, title] of TITLES.entries()) {
      // Dates in title order: the list shows the newest first, so Baptême comes first.
      const created = await api.request('POST', '/api/posts', {
        title,
        content: `<p>${title}</p>`,
        language: 'fr',
        date: `${1961 + index}-06-01`,
      });
      expect(created.status, created.text).toBe(201);
      ids.set(title, (created.json.item as { id: number }).id);
    }
    const tag = await api.request('POST', '/api/tags', { name: { fr: 'Fêtes', de: 'Feste' } });
    expect(tag.status, tag.text).toBe(201);
    tagId = (tag.json.tag as { id: number }).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const tagsOf = async (title: string) => {
    const single = await api.request('GET', `/api/posts-single/${ids.get(title)}`);
    return (single.json.tags as { id: number }[]).map((tag) => tag.id);
  };
  const checkbox = (page: Page, title: string) =>
    page.getByRole('checkbox', { name: `Sélectionner « ${title} »` });

  it('selects a Shift-click range, tags three items in one request, and undoes it', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto('/posts');
    await checkbox(page, 'Mariage 1964').click();
    await checkbox(page, 'Pâques 1962').click({ modifiers: ['Shift'] });
    await poll(() => page.getByText('3 sélectionnés').count()).toBe(1);
    for (const title of ['Mariage 1964', 'Vendanges 1963', 'Pâques 1962']) {
      expect(await checkbox(page, title).isChecked()).toBe(true);
    }
    expect(await checkbox(page, 'Noël 1961').isChecked()).toBe(false);
    await snap(page, 'bulk-selected-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'list with a selection');

    await page.getByRole('button', { name: 'Modifier…' }).click();
    await page.getByRole('menuitem', { name: 'Ajouter une étiquette' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une étiquette' });
    await dialog.getByLabel('Étiquette').click();
    await page.getByRole('option', { name: 'Fêtes' }).click();
    // Checked once the list of choices has closed: while it fades out, axe saw it half gone.
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await expectNoSeriousA11yViolations(page, 'bulk value dialog');
    const requests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/posts-bulk')) requests.push('bulk');
    });
    const answer = nextResponse(page, 'POST', '/api/posts-bulk');
    await dialog.getByRole('button', { name: 'Appliquer à 3 éléments' }).click();
    const body = (await (await answer).json()) as { changed: number };
    expect(body.changed).toBe(3);
    // The dialog closes once applied (its own "Annuler" must not stand beside the toast's).
    await dialog.waitFor({ state: 'hidden' });
    expect(requests).toEqual(['bulk']);
    for (const title of ['Mariage 1964', 'Vendanges 1963', 'Pâques 1962']) {
      expect(await tagsOf(title)).toEqual([tagId]);
    }
    expect(await tagsOf('Noël 1961')).toEqual([]);
    await poll(() => page.getByText('Éléments modifiés : 3.').count()).toBe(1);
    await snap(page, 'bulk-undo-toast-fr-1440-light');

    const undone = nextResponse(page, 'POST', '/api/posts-bulk');
    await page.getByRole('button', { name: 'Annuler', exact: true }).click();
    expect((await undone).status()).toBe(200);
    for (const title of ['Mariage 1964', 'Vendanges 1963', 'Pâques 1962']) {
      expect(await tagsOf(title)).toEqual([]);
    }
    await context.close();
  });

  it('moves with j/k, selects with x, opens with Enter and lists the shortcuts with ?', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto('/posts');
    await checkbox(page, 'Baptême 1965').waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await page.keyboard.press('j');
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') ?? '');
    expect(await focused()).toBe(`item-${ids.get('Mariage 1964')}-title`);
    await page.keyboard.press('x');
    expect(await checkbox(page, 'Mariage 1964').isChecked()).toBe(true);
    await page.keyboard.press('x');
    expect(await checkbox(page, 'Mariage 1964').isChecked()).toBe(false);

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Raccourcis clavier' });
    await help.waitFor();
    expect(await help.innerText()).toContain('mode sombre');
    expect(await help.innerText()).toContain('L');
    await snap(page, 'bulk-shortcuts-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'shortcut list');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });

    await page.locator(`[data-kf-row="${ids.get('Mariage 1964')}"]`).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/posts/${ids.get('Mariage 1964')}/profile`);
    await page.goBack();
    await page.locator(`[data-kf-row="${ids.get('Noël 1961')}"]`).focus();
    await page.keyboard.press('e');
    await page.waitForURL(`**/posts/${ids.get('Noël 1961')}/profile?edit=1`);
    await poll(() => page.getByRole('button', { name: 'Enregistrer', exact: true }).count()).toBe(
      1,
    );
    await context.close();
  });

  it('moves two items to the trash, restores one and empties the trash after confirmation', async () => {
    const context = await newContext(browser, server.url, {
      locale: 'de-DE',
      width: 375,
      height: 800,
      colorScheme: 'dark',
    });
    const switched = await api.request('PATCH', '/api/update-user', {
      siteparams: { language: 'de', darkMode: true },
    });
    expect(switched.status, switched.text).toBe(200);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto('/posts');
    const box = (title: string) => page.getByRole('checkbox', { name: `„${title}“ auswählen` });
    await box('Noël 1961').click();
    await box('Pâques 1962').click();
    await snap(page, 'bulk-selected-de-375-dark');
    await expectNoSeriousA11yViolations(page, 'selection on a phone, dark');
    const trashed = nextResponse(page, 'POST', '/api/posts-bulk');
    await page.getByRole('button', { name: 'In den Papierkorb' }).click();
    expect((await trashed).status()).toBe(200);
    await poll(() => box('Noël 1961').count()).toBe(0);

    await page.goto('/posts?deleted=1');
    await box('Noël 1961').click();
    const restored = nextResponse(page, 'POST', '/api/posts-bulk');
    await page.locator('.kf-bulk-bar').getByRole('button', { name: 'Wiederherstellen' }).click();
    expect((await restored).status()).toBe(200);
    await poll(() => box('Noël 1961').count()).toBe(0);
    await page.locator('.kf-bulk-bar').getByRole('button', { name: 'Papierkorb leeren' }).click();
    await snap(page, 'bulk-empty-trash-de-375-dark');
    const emptied = nextResponse(page, 'DELETE', '/api/posts-trash');
    await page.getByRole('dialog').getByRole('button', { name: 'Papierkorb leeren' }).click();
    expect((await emptied).status()).toBe(200);
    expect((await api.request('GET', `/api/posts-single/${ids.get('Pâques 1962')}`)).status).toBe(
      404,
    );
    await context.close();
  });

  it('selects all matching items across pages and sets their status in one request', async () => {
    const messageIds: number[] = [];
    for (let i = 0; i < 12; i++) {
      const created = await api.request('POST', '/api/messages', {
        title: `Message ${i + 1}`,
        language: 'it',
        date: `1990-01-${String(i + 1).padStart(2, '0')}`,
      });
      expect(created.status, created.text).toBe(201);
      messageIds.push((created.json.item as { id: number }).id);
    }
    const switched = await api.request('PATCH', '/api/update-user', {
      siteparams: { language: 'fr', darkMode: false },
    });
    expect(switched.status, switched.text).toBe(200);
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto('/messages');
    await page.getByRole('checkbox', { name: 'Toute cette page' }).click();
    await poll(() => page.getByText('10 sélectionnés').count()).toBe(1);
    await page.getByRole('button', { name: 'Sélectionner les 12 éléments correspondants' }).click();
    await poll(() => page.getByText('12 sélectionnés').count()).toBe(1);
    await page.getByRole('button', { name: 'Modifier…' }).click();
    await page.getByRole('menuitem', { name: 'Changer le statut' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer le statut' });
    await dialog.getByLabel('Statut').click();
    await page.getByRole('option', { name: 'Brouillon' }).click();
    const answer = nextResponse(page, 'POST', '/api/messages-bulk');
    await dialog.getByRole('button', { name: 'Appliquer à 12 éléments' }).click();
    expect(((await (await answer).json()) as { changed: number }).changed).toBe(12);
    for (const id of messageIds) {
      const single = await api.request('GET', `/api/messages-single/${id}`);
      expect(single.json.status).toBe('draft');
    }
    await context.close();
  });
});
