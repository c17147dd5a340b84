import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentUserOf,
  expectNoSeriousA11yViolations,
  nextResponse,
  registerAccounts,
  submitLogin,
  userMenu,
} from '../support/app.js';
import { newContext, snap, type Browser, type Locator, type Page } from '../support/browser.js';
import type { SanctumClient } from '../support/http-client.js';
import {
  animationsSettled,
  createCategoryInDialog,
  createParticipantInDialog,
  getList,
  participantNames,
  editFrenchValue,
  treeButton,
  treeOutline,
  type CategoryRow,
  type ParticipantRow,
  type TranslationRow,
} from '../support/organisation.js';
import { startWithFrenchAdmin } from '../support/french-admin.js';
import type { RunningServer } from '../support/server.js';

const ADMIN = { name: 'Admin', email: 'admin@example.com', password: 'e2e-admin-password' };
// Registered with a French browser and given no permission: a reader of the organisation screens.
const READER = {
  name: 'Paule Lecteur',
  email: 'paule@example.com',
  password: 'reader-password',
  language: 'fr',
};

/** Logs in through the home page's form, whatever start page the app then shows. */
async function logIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/');
  await submitLogin(page, account.email, account.password);
  await userMenu(page).waitFor();
}

describe('organisation screens: category tree, participants, site translations', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: SanctumClient;

  beforeAll(async () => {
    ({ server, browser, api } = await startWithFrenchAdmin(ADMIN));
    await registerAccounts(server.url, ADMIN, [READER]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('builds a two-level category tree and reorders it by keyboard and by mouse drag and drop', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await logIn(page, ADMIN);
    await page.goto('/tabOrganisation/categories');
    await page.getByRole('status').filter({ hasText: 'Aucune catégorie' }).waitFor();

    await page.getByRole('button', { name: 'Nouvelle catégorie' }).click();
    const family = await createCategoryInDialog(page, 'Nouvelle catégorie', 'Famille', 'Family');
    expect(family).toMatchObject({ parent_id: null, name: { fr: 'Famille', en: 'Family' } });
    await treeButton(page, 'Famille').click();
    await page.getByText('Catégorie sélectionnée : Famille').waitFor();

    const children: CategoryRow[] = [];
    for (const name of ['Mariages', 'Voyages']) {
      await page.getByRole('button', { name: 'Nouvelle sous-catégorie' }).click();
      // The dialog proposes the selected category as the parent.
      const dialog = page.getByRole('dialog', { name: 'Nouvelle sous-catégorie' });
      expect(await dialog.getByLabel('Catégorie parente').inputValue()).toBe('Famille');
      children.push(await createCategoryInDialog(page, 'Nouvelle sous-catégorie', name));
    }
    const [weddings, travels] = children as [CategoryRow, CategoryRow];
    expect(weddings).toMatchObject({ parent_id: family.id, order: 0 });
    expect(travels).toMatchObject({ parent_id: family.id, order: 1 });

    // Two levels: both children sit in the group of Famille, which is expanded.
    await expect.poll(() => treeOutline(page)).toEqual(['Famille', '  Mariages', '  Voyages']);
    expect(
      await treeButton(page, 'Famille').evaluate((button) =>
        button.closest('[role="treeitem"]')?.getAttribute('aria-expanded'),
      ),
    ).toBe('true');
    await snap(page, 'organisation-categories-built');

    // Keyboard move: select Voyages, Ctrl+Shift+D, arrows to "at the start of Famille", Enter.
    await treeButton(page, 'Voyages').click();
    await page.getByText('Catégorie sélectionnée : Voyages').waitFor();
    await page.keyboard.press('Control+Shift+D');
    // The tree announces each place (react-complex-tree's wording, in English) as the arrows move.
    const target = page.locator('[aria-live="assertive"]');
    const place = async () => (await target.textContent()) ?? '';
    await expect.poll(place).toMatch(/^Emplacement : /);
    for (let step = 0; step < 6 && !(await place()).includes('Famille at the start'); step += 1) {
      const before = await place();
      await page.keyboard.press('ArrowUp');
      await expect.poll(place).not.toBe(before);
    }
    expect(await place()).toBe('Emplacement : within Famille at the start.');
    const moved = nextResponse(page, 'PATCH', `/api/categories/${travels.id}`);
    await page.keyboard.press('Enter');
    const move = await moved;
    expect(move.status()).toBe(200);
    expect(move.request().postDataJSON()).toEqual({ parent_id: family.id, order: 0 });
    await expect.poll(() => treeOutline(page)).toEqual(['Famille', '  Voyages', '  Mariages']);

    const siblingOrders = async () =>
      (await getList<CategoryRow>(api, '/api/categories'))
        .map((c) => [c.name.fr, c.parent_id, c.order])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(await siblingOrders()).toEqual([
      ['Famille', null, 0],
      ['Mariages', family.id, 1],
      ['Voyages', family.id, 0],
    ]);
    await page.reload();
    await expect.poll(() => treeOutline(page)).toEqual(['Famille', '  Voyages', '  Mariages']);

    // Mouse drag and drop: Mariages dropped on the upper edge of Voyages goes back before it.
    const drop = nextResponse(page, 'PATCH', `/api/categories/${weddings.id}`);
    await treeButton(page, 'Mariages').dragTo(treeButton(page, 'Voyages'), {
      targetPosition: { x: 40, y: 2 },
    });
    const dropped = await drop;
    expect(dropped.status()).toBe(200);
    expect(dropped.request().postDataJSON()).toEqual({ parent_id: family.id, order: 0 });
    await expect.poll(() => treeOutline(page)).toEqual(['Famille', '  Mariages', '  Voyages']);
    expect(await siblingOrders()).toEqual([
      ['Famille', null, 0],
      ['Mariages', family.id, 0],
      ['Voyages', family.id, 1],
    ]);
    await page.reload();
    await expect.poll(() => treeOutline(page)).toEqual(['Famille', '  Mariages', '  Voyages']);
    await context.close();
  });

  it('merges two participants into the chosen one and divides another into two', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await logIn(page, ADMIN);
    await page.goto('/tabOrganisation/participants');
    await page.getByRole('status').filter({ hasText: 'Aucun participant' }).waitFor();

    const jean = await createParticipantInDialog(page, 'Jean Martin');
    const initial = await createParticipantInDialog(page, 'J. Martin');
    const marie = await createParticipantInDialog(page, 'Marie Curie');
    await expect
      .poll(() => participantNames(page))
      .toEqual(['J. Martin', 'Jean Martin', 'Marie Curie']);

    // Merge: select the two, keep the second one ticked (not the first), confirm.
    await page.getByRole('checkbox', { name: 'Sélectionner J. Martin' }).check();
    await page.getByRole('checkbox', { name: 'Sélectionner Jean Martin' }).check();
    await page.getByRole('button', { name: 'Fusionner (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fusionner des participants' });
    const confirm = dialog.getByRole('button', { name: 'Fusionner', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Jean Martin', exact: true }).check();
    await snap(page, 'organisation-participants-merge');
    const merged = nextResponse(page, 'POST', '/api/participants/merge');
    await confirm.click();
    const mergeResponse = await merged;
    expect(mergeResponse.status()).toBe(200);
    const mergeBody = mergeResponse.request().postDataJSON() as {
      participants: number[];
      participantToKeep: number;
    };
    expect(mergeBody.participantToKeep).toBe(jean.id);
    expect([...mergeBody.participants].sort()).toEqual([jean.id, initial.id].sort());
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => participantNames(page)).toEqual(['Jean Martin', 'Marie Curie']);
    expect((await api.request('GET', `/api/participants/${initial.id}`)).status).toBe(404);
    expect(
      (await getList<ParticipantRow>(api, '/api/participants')).map((p) => [p.id, p.name]),
    ).toEqual([
      [jean.id, 'Jean Martin'],
      [marie.id, 'Marie Curie'],
    ]);

    // Divide: Marie Curie becomes two participants.
    await page.getByRole('button', { name: 'Diviser Marie Curie' }).click();
    const divide = page.getByRole('dialog', { name: 'Diviser le participant' });
    await divide.getByLabel(/^Premier nom/).fill('Marie Curie (mère)');
    await divide.getByLabel(/^Second nom/).fill('Marie Curie (fille)');
    const divided = nextResponse(page, 'POST', `/api/participants/divide/${marie.id}`);
    await divide.getByRole('button', { name: 'Diviser', exact: true }).click();
    const divideResponse = await divided;
    expect(divideResponse.status()).toBe(200);
    expect(divideResponse.request().postDataJSON()).toEqual({
      name1: 'Marie Curie (mère)',
      name2: 'Marie Curie (fille)',
    });
    await divide.waitFor({ state: 'detached' });
    await expect
      .poll(() => participantNames(page))
      .toEqual(['Jean Martin', 'Marie Curie (fille)', 'Marie Curie (mère)']);
    const after = await getList<ParticipantRow>(api, '/api/participants');
    expect(after.find((p) => p.id === marie.id)?.name).toBe('Marie Curie (mère)');
    const daughter = after.find((p) => p.name === 'Marie Curie (fille)');
    expect(daughter?.id).not.toBe(marie.id);

    // A reload draws the table about 1.5 s later on a loaded machine: past the poll's default 1 s.
    await page.reload();
    await expect
      .poll(() => participantNames(page), { timeout: 10_000 })
      .toEqual(['Jean Martin', 'Marie Curie (fille)', 'Marie Curie (mère)']);
    await context.close();
  });

  it('changes the interface text at once when a site translation is edited, and back when cleared', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await logIn(page, ADMIN);
    await page.goto('/tabOrganisation/siteTranslations');
    const title = page.getByRole('heading', { level: 1 });
    await expect.poll(() => title.textContent()).toBe('Organisation');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const navLink = nav.getByRole('link', { name: 'Étiquettes' });
    await navLink.waitFor();

    // Edit the French value: Enter saves, and the page title changes without a reload.
    await editFrenchValue(
      page,
      'organisation:title',
      'Texte intégré : Organisation',
      'Archives familiales',
    );
    await expect.poll(() => title.textContent()).toBe('Archives familiales');
    await expect.poll(() => page.title()).toBe('Archives familiales · Kinfolio');
    await page
      .getByRole('button', { name: 'organisation:title en Français: Archives familiales' })
      .waitFor();
    await snap(page, 'organisation-site-translation-edited');

    // Stored on the server, still there after a reload, on every screen using the key.
    const frenchTitle = async () =>
      (await getList<TranslationRow>(api, '/api/site-translations')).find(
        (row) => row.key === 'organisation:title',
      )?.text;
    expect(await frenchTitle()).toEqual({ fr: 'Archives familiales', en: '', it: '', de: '' });
    await page.reload();
    await expect.poll(() => title.textContent()).toBe('Archives familiales');
    await page.getByRole('tab', { name: 'Participants' }).click();
    await expect.poll(() => title.textContent()).toBe('Archives familiales');

    // A key of another namespace: the navbar's label.
    await page.getByRole('tab', { name: 'Traductions du site' }).click();
    await editFrenchValue(page, 'layout:nav.tags', 'Texte intégré : Étiquettes', 'Gens');
    await nav.getByRole('link', { name: 'Gens' }).waitFor();
    expect(await navLink.count()).toBe(0);

    // Clearing both values brings the bundled wording back, at once and after a reload.
    await editFrenchValue(page, 'layout:nav.tags', 'Gens', '');
    await editFrenchValue(page, 'organisation:title', 'Archives familiales', '');
    await expect.poll(() => title.textContent()).toBe('Organisation');
    await navLink.waitFor();
    await page.reload();
    await expect.poll(() => title.textContent()).toBe('Organisation');
    await navLink.waitFor();
    expect((await frenchTitle())?.fr).toBe('');
    await context.close();
  });

  it('shows the screens read-only, without 403, to a user without content.edit', async () => {
    // Something to read on each screen.
    const seeded = [
      await api.request('POST', '/api/categories', { name: { fr: 'Lecture' } }),
      await api.request('POST', '/api/participants', { name: 'Paul Lu' }),
      await api.request('POST', '/api/tags', { name: { fr: 'Souvenirs' } }),
    ];
    expect(seeded.map((r) => r.status)).toEqual([201, 201, 201]);

    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const forbidden: string[] = [];
    const writes: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) forbidden.push(response.url());
      const method = response.request().method();
      // A reader may report missing translation keys (POST /api/site-translations), nothing else.
      if (method !== 'GET' && !/\/api\/site-translations$/.test(response.url()))
        writes.push(`${method} ${response.url()}`);
    });
    await logIn(page, READER);
    expect((await currentUserOf(page)).user?.permissions).toEqual([]);
    writes.length = 0;

    await page.goto('/tabOrganisation/categories');
    await treeButton(page, 'Lecture').waitFor();
    expect(await page.getByRole('toolbar').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Nouvelle catégorie' }).count()).toBe(0);
    // Keyboard moving is off too.
    await treeButton(page, 'Lecture').click();
    await page.keyboard.press('Control+Shift+D');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    expect(await page.getByText("Vous n'avez pas l'autorisation", { exact: false }).count()).toBe(
      0,
    );

    await page.getByRole('tab', { name: 'Participants' }).click();
    await expect.poll(() => participantNames(page)).toContain('Paul Lu');
    expect(await page.getByRole('button', { name: 'Nouveau participant' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Fusionner/ }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Renommer|Diviser|Supprimer) / }).count()).toBe(
      0,
    );

    await page.getByRole('tab', { name: 'Étiquettes' }).click();
    await page.getByRole('cell', { name: 'Souvenirs' }).waitFor();
    expect(await page.getByRole('button', { name: 'Nouvelle étiquette' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Renommer|Supprimer) / }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Traductions du site' }).click();
    await page.getByText('Vous pouvez lire les textes de l’interface', { exact: false }).waitFor();
    await page
      .getByRole('searchbox', { name: 'Rechercher dans les clés et les valeurs' })
      .fill('organisation:title');
    await page.getByRole('rowheader', { name: 'organisation:title' }).waitFor();
    await page.getByText(/^1 clé affichée sur \d+$/).waitFor();
    // Values are plain text, not buttons that open an editor.
    expect(await page.getByRole('button', { name: /^organisation:title en / }).count()).toBe(0);
    await snap(page, 'organisation-site-translations-reader');

    expect(forbidden).toEqual([]);
    expect(writes).toEqual([]);
    await context.close();
  });

  it('has no serious or critical accessibility violations on the four screens', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await logIn(page, ADMIN);
    const screens: { path: string; name: string; ready: (page: Page) => Locator }[] = [
      {
        path: '/tabOrganisation/categories',
        name: 'organisation-categories',
        ready: (p) => p.getByRole('tree').or(p.getByRole('status')),
      },
      {
        path: '/tabOrganisation/participants',
        name: 'organisation-participants',
        ready: (p) => p.getByRole('table').or(p.getByRole('status')),
      },
      {
        path: '/tabOrganisation/tags',
        name: 'organisation-tags',
        ready: (p) => p.getByRole('table').or(p.getByRole('status')),
      },
      {
        path: '/tabOrganisation/siteTranslations',
        name: 'organisation-site-translations',
        ready: (p) => p.getByRole('rowheader').first(),
      },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await screen.ready(page).waitFor();
      await expectNoSeriousA11yViolations(page, screen.name);
      await snap(page, screen.name);
    }
    // The dialogs too.
    await page.goto('/tabOrganisation/categories');
    await page.getByRole('button', { name: 'Nouvelle catégorie' }).click();
    await page.getByRole('dialog', { name: 'Nouvelle catégorie' }).waitFor();
    await animationsSettled(page);
    await expectNoSeriousA11yViolations(page, 'category names dialog');
    await page.goto('/tabOrganisation/participants');
    await page
      .getByRole('button', { name: /^Diviser / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Diviser le participant' }).waitFor();
    await animationsSettled(page);
    await expectNoSeriousA11yViolations(page, 'divide dialog');
    await context.close();
  });
});
