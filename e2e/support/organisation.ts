import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { nextRouteResponse } from './app.js';
import { SanctumClient } from './http-client.js';

/** Helpers for the organisation screens (categories, participants, tags, site translations). */

export interface CategoryRow {
  id: number;
  name: Record<string, string | null>;
  parent_id: number | null;
  order: number;
}
export interface ParticipantRow {
  id: number;
  name: string;
  count: number;
}
export interface TranslationRow {
  id: number;
  key: string;
  text: Record<string, string>;
}

/** A logged-in Sanctum client for the admin: setup and checks of what the screens stored. */
export async function adminApi(
  url: string,
  admin: { email: string; password: string },
): Promise<SanctumClient> {
  const client = new SanctumClient(url, 'fr');
  await client.call('csrfCookie');
  expect((await client.call('login', { body: admin })).status).toBe(200);
  await client.call('csrfCookie');
  return client;
}

export async function getList<T>(client: SanctumClient, path: string): Promise<T[]> {
  const response = await client.request('GET', path);
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as T[];
}

/**
 * The category tree as the ARIA tree exposes it, in document order: each tree item's own title,
 * indented by two spaces per tree item it sits in (role="group" inside role="treeitem").
 */
export function treeOutline(page: Page): Promise<string[]> {
  return page.getByRole('tree').evaluate((tree) =>
    Array.from(tree.querySelectorAll('[role="treeitem"]')).map((item) => {
      let depth = 0;
      for (
        let group = item.parentElement?.closest('[role="group"]');
        group && tree.contains(group);
        group = group.parentElement?.closest('[role="group"]')
      ) {
        // A group only counts when it is the children list of an enclosing tree item.
        if (group.parentElement?.closest('[role="treeitem"]')) depth += 1;
      }
      const title = item.querySelector('.kf-category-title')?.textContent ?? '?';
      return `${'  '.repeat(depth)}${title}`;
    }),
  );
}

/** The button of a category in the tree (the item's focusable, draggable part). */
export function treeButton(page: Page, name: string): Locator {
  return page
    .getByRole('tree')
    .locator('[data-rct-item-interactive]')
    .filter({ has: page.locator('.kf-category-title', { hasText: new RegExp(`^${name}$`) }) });
}

/** Fills the names dialog (French first, as the interface is French) and creates. */
export async function createCategoryInDialog(
  page: Page,
  title: string,
  frName: string,
  enName?: string,
) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByLabel('Nom (Français)').fill(frName);
  if (enName) await dialog.getByLabel('Nom (English)').fill(enName);
  const created = nextRouteResponse(page, 'categoryCreate');
  await dialog.getByRole('button', { name: 'Créer' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  await dialog.waitFor({ state: 'detached' });
  return ((await response.json()) as { category: CategoryRow }).category;
}

export async function createParticipantInDialog(page: Page, name: string): Promise<ParticipantRow> {
  await page.getByRole('button', { name: 'Nouveau participant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau participant' });
  await dialog.getByLabel(/^Nom/).fill(name);
  const created = nextRouteResponse(page, 'participantCreate');
  await dialog.getByRole('button', { name: 'Créer' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  await dialog.waitFor({ state: 'detached' });
  return ((await response.json()) as { participant: ParticipantRow }).participant;
}

/**
 * On the site translations screen: finds the key, clicks its French cell (shown as `shown`), types
 * `value` and presses Enter; checks the PATCH /api/site-translations/{id} it sends.
 */
export async function editFrenchValue(page: Page, key: string, shown: string, value: string) {
  await page.getByRole('searchbox', { name: 'Rechercher dans les clés et les valeurs' }).fill(key);
  await page.getByRole('button', { name: `${key} en Français: ${shown}`, exact: true }).click();
  const field = page.getByRole('textbox', { name: `${key} en Français` });
  await field.fill(value);
  const saved = page.waitForResponse(
    (r) =>
      r.request().method() === 'PATCH' &&
      /^\/api\/site-translations\/\d+$/.test(new URL(r.url()).pathname),
  );
  await field.press('Enter');
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ text: { fr: value } });
  await field.waitFor({ state: 'detached' });
}

/** The names in the participants table's rows (header row left out). */
export async function participantNames(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: /^Participants et nombre/ });
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = Array.from(row.querySelectorAll('td')).map(
        (cell) => cell.textContent?.trim() ?? '',
      );
      // Editors have a checkbox cell first; readers do not.
      return row.querySelector('input[type="checkbox"]') ? (cells[1] ?? '') : (cells[0] ?? '');
    }),
  );
}

/** Waits for the page's finite CSS transitions and animations (a dialog fading in) to finish. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
