import { describe, expect, it } from 'vitest';
import { routeIndex, routePath, type RouteName } from '@kinfolio/contract';
import { expectNoSeriousA11yViolations, nextResponse } from '../support/app.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';
import { attachTwoParts, createRecord } from '../support/records.js';

// Uploads and decoding the audio take a moment: polls wait up to 10 s.
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

const TRANSCRIPT =
  '[00:00:00] Mamie Odette : Alors, tu enregistres ?\n' +
  '[00:00:04] Papi Jean : En 1947, on fauchait encore à la main.\n' +
  '[00:00:09] Mamie Odette : Et le soir, le bal sur la place.';

/** The next answer of a route that takes the record's id. */
function nextRecordResponse(page: Page, name: RouteName, id: number) {
  return nextResponse(page, routeIndex[name][0], routePath(name, { params: { id } }));
}

/** The player's clock, `00:00:09 / 00:00:14`. */
const playerTime = (page: Page) => page.getByTestId('player-time').innerText();

describe('records: a recording with its parts, time-coded transcript and history', () => {
  let recordId = 0;

  const app = frenchAdminSuite(async ({ api }) => {
    const person = await api.call('participantCreate', { body: { name: 'Papi Jean' } });
    expect(person.status, person.text).toBe(201);
  });

  it('creates a record with two audio parts, seeks by time code and inserts one while editing', async () => {
    const { context, page, cspErrors } = await adminPage(app);
    await page.getByRole('link', { name: 'Enregistrements' }).click();
    await page.getByRole('link', { name: 'Nouvel enregistrement' }).click();
    await page.waitForURL((url) => url.pathname === '/records/profile');

    await page.getByLabel('Titre').fill('La moisson de 1947');
    await page.getByLabel('Numéro').fill('K7-01');
    await page.getByRole('combobox', { name: 'Conservé par' }).fill('Tante Mathilde');
    await page.getByLabel('Transcription').fill(TRANSCRIPT);
    await attachTwoParts(page, 10_000);
    await expectNoSeriousA11yViolations(page, 'record create form');
    recordId = await createRecord(page);

    // Both parts play end to end: 6 s + 8 s.
    await poll(() => playerTime(page)).toBe('00:00:00 / 00:00:14');
    await expect(page.getByRole('heading', { name: /2 parties audio/ })).toBeDefined();
    await expectNoSeriousA11yViolations(page, 'record profile');

    // A time code seeks the player, into the second part, and its passage is highlighted.
    await page.getByRole('button', { name: /^\[00:00:09\]/ }).click();
    await poll(() => playerTime(page)).toBe('00:00:09 / 00:00:14');
    await poll(() => page.locator('.kf-segment[aria-current="true"]').innerText()).toContain(
      'le bal sur la place',
    );
    await poll(() => page.getByText(/Partie 2 sur 2/).count()).toBe(1);
    // ← goes back 5 seconds, into the first part; the passage heard follows.
    await page.locator('body').press('ArrowLeft');
    await poll(() => playerTime(page)).toBe('00:00:04 / 00:00:14');
    await poll(() => page.locator('.kf-segment[aria-current="true"]').innerText()).toContain(
      'fauchait',
    );
    await snap(page, 'records-profile-fr-1440-light');

    // Editing: Alt+T types the player's time at the cursor.
    await page.getByRole('button', { name: 'Modifier' }).click();
    const transcript = page.getByLabel('Transcription');
    await transcript.click();
    await transcript.press('Control+End');
    await transcript.press('Enter');
    await transcript.press('Alt+t');
    await transcript.pressSequentially('Papi Jean : Quelle chaleur !');
    await poll(() => transcript.inputValue()).toBe(
      `${TRANSCRIPT}\n[00:00:04] Papi Jean : Quelle chaleur !`,
    );
    // The button does the same at the cursor.
    await page.getByRole('button', { name: /^Insérer \[00:00:04\]$/ }).waitFor();
    await expectNoSeriousA11yViolations(page, 'record edit form');
    await snap(page, 'records-edit-fr-1440-light');
    const saved = nextRecordResponse(page, 'recordUpdate', recordId);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await page
      .getByRole('button', { name: /^\[00:00:04\]/ })
      .nth(1)
      .waitFor();

    // The parts are put in another order at once.
    const ordered = nextRecordResponse(page, 'recordFilesOrder', recordId);
    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.getByRole('button', { name: 'Descendre face-a-1.mp3' }).click();
    expect((await ordered).status()).toBe(200);
    await poll(() => page.locator('#kf-record-parts-title + ol li').first().innerText()).toContain(
      'face-a-2.mp3',
    );
    await page.getByRole('button', { name: 'Annuler' }).click();

    // History: the version before the edit, the added words shown, restorable.
    await page.getByRole('link', { name: /Historique/ }).click();
    await page.waitForURL((url) => url.pathname === `/records/${recordId}/history`);
    await poll(() => page.locator('.kf-diff ins').allInnerTexts()).toContainEqual(
      expect.stringContaining('Quelle chaleur'),
    );
    await expectNoSeriousA11yViolations(page, 'record history');
    await snap(page, 'records-history-fr-1440-light');
    // Restoring that version is itself a change: the history now has two.
    const restored = nextRecordResponse(page, 'recordUpdate', recordId);
    await page.getByRole('button', { name: 'Restaurer cette version' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restaurer cette version' }).click();
    expect((await restored).status()).toBe(200);
    await poll(() => page.getByRole('article').count()).toBe(2);
    const current = await app.api.call('record', { params: { id: recordId } });
    expect(current.json.rawtranscription).toBe(TRANSCRIPT);

    // The archive's recent changes show the record's edits, leading to its history.
    await page.goto('/history/records');
    const edit = page.getByRole('article').first();
    await poll(() => edit.innerText()).toContain('Enregistrement');
    await edit.getByRole('link', { name: /Voir les changements/ }).click();
    await page.waitForURL((url) => url.pathname === `/records/${recordId}/history`);
    expect(cspErrors).toEqual([]);
    await context.close();
    // Uploads, decoding and six axe runs: well over the default minute on a busy machine.
  }, 180_000);

  it('lists, searches with highlights, filters and restores from the trash', async () => {
    const { context, page } = await adminPage(app);
    await page.goto('/records?search=fauchait');
    await poll(() => page.locator('.kf-snippet mark').first().innerText()).toMatch(/fauchait/i);
    await page.goto('/records?owner=Tante%20Mathilde');
    await poll(() => page.getByRole('article').count()).toBe(1);
    await page.goto('/records?owner=Personne');
    await poll(() => page.getByRole('article').count()).toBe(0);

    const trashed = await app.api.call('recordDelete', { params: { id: recordId } });
    expect(trashed.status, trashed.text).toBe(200);
    await page.goto('/records?deleted=1');
    await page.getByRole('button', { name: 'Restaurer' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'records trash');
    const restored = nextRecordResponse(page, 'recordRestore', recordId);
    await page.getByRole('button', { name: 'Restaurer' }).click();
    expect((await restored).status()).toBe(200);
    await page.goto('/records');
    await poll(() => page.getByRole('article').count()).toBe(1);
    await context.close();
  });

  it.each<[string, ContextOptions]>([
    ['fr-1440-light', { locale: 'fr-FR' }],
    ['fr-375-light', { locale: 'fr-FR', width: 375, height: 800 }],
    ['de-1440-dark', { locale: 'de-DE', colorScheme: 'dark' }],
    ['de-375-dark', { locale: 'de-DE', width: 375, height: 800, colorScheme: 'dark' }],
  ])(
    'shows the screens in %s, axe clean',
    async (name, options) => {
      // Language and colour scheme are the account's settings.
      const language = options.locale === 'de-DE' ? 'de' : 'fr';
      const switched = await app.api.call('updateUser', {
        body: { siteparams: { language, darkMode: options.colorScheme === 'dark' } },
      });
      expect(switched.status, switched.text).toBe(200);
      const { context, page } = await adminPage(app, options);
      await page.goto('/records');
      await page.getByRole('article').first().waitFor();
      await expectNoSeriousA11yViolations(page, `records list ${name}`);
      await snap(page, `records-list-${name}`);
      await page.goto(`/records/${recordId}/profile`);
      await poll(() => playerTime(page)).toMatch(/\/ 00:00:14$/);
      await expectNoSeriousA11yViolations(page, `record profile ${name}`);
      await snap(page, `records-profile-${name}`);
      await page.goto(`/records/${recordId}/history`);
      await page.getByRole('article').first().waitFor();
      await expectNoSeriousA11yViolations(page, `record history ${name}`);
      await snap(page, `records-history-${name}`);
      await context.close();
    },
    120_000,
  );
});
