import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, nextResponse } from '../support/app.js';
import { passagesMp3 } from '../support/audio.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';
import { createRecord } from '../support/records.js';

// Detection runs on the worker: a few seconds for 13 s of audio on a loaded machine.
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 45_000 });
const TITLE = 'La traversée en bateau';

/** Also kept under /tmp/shots-seg-web for review. */
async function shot(page: Page, name: string) {
  await snap(page, name);
  const dir = '/tmp/shots-seg-web';
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const entries = (page: Page) => page.locator('.kf-index-entry');
const playerTime = (page: Page) => page.getByTestId('player-time').innerText();

describe('records: segments of a recording, titled on a phone and found by search', () => {
  const app = frenchAdminSuite();
  let recordId = 0;
  /** Language and colour scheme are the account's settings. */
  const setAccount = async (language: string, darkMode: boolean) => {
    const switched = await app.api.call('updateUser', {
      body: { siteparams: { language, darkMode } },
    });
    expect(switched.status, switched.text).toBe(200);
  };

  it('detects three segments of a recording with three passages', async () => {
    const { context, page } = await adminPage(app, { timeout: 30_000 });
    await page.goto('/records/profile');
    await page.getByLabel('Titre').fill('Entretien avec Nonna Rosa');
    await expect
      .poll(() => page.locator('.filepond--drop-label').innerText(), { timeout: 30_000 })
      .toContain('Glissez');
    await page
      .locator('.filepond--root input[type="file"]')
      .setInputFiles([
        { name: 'nonna-rosa.mp3', mimeType: 'audio/mpeg', buffer: await passagesMp3(13) },
      ]);
    await poll(() =>
      page.locator('.filepond--item[data-filepond-item-state="processing-complete"]').count(),
    ).toBe(1);
    recordId = await createRecord(page);

    await page.getByText('Pas encore de segment').waitFor();
    const queued = nextResponse(page, 'POST', `/api/records/${recordId}/segments/detect`);
    await page.getByRole('button', { name: 'Détecter les segments' }).click();
    expect((await queued).status()).toBe(202);
    await poll(() => entries(page).count()).toBe(3);
    expect(await page.locator('.kf-index-time').allInnerTexts()).toEqual([
      '00:00:00',
      '00:00:05',
      '00:00:10',
    ]);
    // Drawn on the waveform too, and the OHMS index offered.
    expect(await page.locator('.kf-region').count()).toBe(3);
    const ohms = page.getByRole('link', { name: 'Index en XML OHMS' });
    expect(await ohms.getAttribute('href')).toBe(`/api/records/${recordId}/segments.xml`);

    // `]` goes to the next segment; Enter opens the one heard.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press(']');
    await poll(() => playerTime(page)).toMatch(/^00:00:05/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Segment à 00:00:05' }).waitFor();
    await page.keyboard.press('Escape');
    // Gone, not closing: a closing dialog loses its title before it leaves (axe would flag it).
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    await expectNoSeriousA11yViolations(page, 'record with its index');
    await shot(page, 'segments-fr-1440-light');
    await page.getByText('Index seul', { exact: true }).click();
    await page.getByRole('heading', { level: 3, name: 'Segment à 00:00:10' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'index only');
    await context.close();
  });

  it('titles a segment on a phone, by touch', async () => {
    expect(recordId, 'the first test made the record').toBeGreaterThan(0);
    const phone: ContextOptions = { width: 375, height: 800, touch: true };
    const { context, page } = await adminPage(app, { ...phone, timeout: 30_000 });
    await page.goto(`/records/${recordId}/profile`);
    await poll(() => entries(page).count()).toBe(3);
    await page.getByRole('button', { name: 'Modifier « Segment à 00:00:05 »' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Segment à 00:00:05' });
    await dialog.waitFor();
    await dialog.getByLabel('Titre').fill(TITLE);
    await dialog.getByLabel('Résumé').fill('Le départ de Gênes, la mer.');
    await expectNoSeriousA11yViolations(page, 'segment editor on a phone');
    await shot(page, 'segments-editor-fr-375-light');
    const saved = page.waitForResponse(
      (r) =>
        r.request().method() === 'PATCH' &&
        /^\/api\/record-segments\/\d+$/.test(new URL(r.url()).pathname),
    );
    await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
    expect((await saved).status()).toBe(200);
    await page.getByRole('button', { name: `Écouter depuis 00:00:05 : ${TITLE}` }).waitFor();
    await expectNoSeriousA11yViolations(page, 'record index on a phone');
    await shot(page, 'segments-fr-375-light');
    // The record's history kept the index as it was.
    const revisions = await app.api.call('recordRevisions', { params: { id: recordId } });
    expect(revisions.status).toBe(200);
    expect(JSON.parse(revisions.text).data[0].data.segments).toHaveLength(3);
    await context.close();
  });

  it('finds the record by the segment’s title and opens the player at its start', async () => {
    expect(recordId, 'the first test made the record').toBeGreaterThan(0);
    const phone: ContextOptions = { width: 375, height: 800, touch: true };
    const { context, page } = await adminPage(app, { ...phone, timeout: 30_000 });
    await page.goto('/records?search=traversée');
    const hit = page.getByRole('link', { name: `dans le segment « ${TITLE} » à 00:05` });
    await hit.waitFor();
    await expectNoSeriousA11yViolations(page, 'records search with a segment hit');
    await shot(page, 'segments-search-fr-375-light');
    await hit.tap();
    await page.waitForURL((url) => url.pathname === `/records/${recordId}/profile`);
    // Where the silence ended: 5 s and the MP3 encoder's few hundredths.
    expect(Number(new URL(page.url()).searchParams.get('t'))).toBeCloseTo(5, 0);
    await poll(() => playerTime(page)).toMatch(/^00:00:05/);
    await expect
      .poll(() => page.locator('.kf-index-entry[data-heard]').innerText())
      .toContain(TITLE);
    await context.close();

    // Ctrl+K says it too, on a wide screen, in the dark (the account's setting).
    await setAccount('fr', true);
    const wide = await adminPage(app, { colorScheme: 'dark', timeout: 30_000 });
    await wide.page.goto('/records');
    await wide.page.getByRole('article').first().waitFor();
    await wide.page.keyboard.press('ControlOrMeta+K');
    await wide.page.getByRole('combobox', { name: 'Texte à rechercher' }).fill('traversée');
    const option = wide.page.getByRole('option').filter({ hasText: `« ${TITLE} » à 00:05` });
    await option.waitFor();
    await shot(wide.page, 'segments-quicksearch-fr-1440-dark');
    await option.click();
    await wide.page.waitForURL((url) => url.searchParams.has('t'));
    await poll(() => playerTime(wide.page)).toMatch(/^00:00:05/);
    await expectNoSeriousA11yViolations(wide.page, 'record opened at the segment, dark');
    await shot(wide.page, 'segments-fr-1440-dark');
    await wide.context.close();
  });

  it('reads in German and Italian, light and dark', async () => {
    for (const [name, language, dark, options] of [
      ['de-375-dark', 'de', true, { width: 375, height: 800, touch: true }],
      ['it-1440-light', 'it', false, {}],
      ['en-1440-dark', 'en', true, {}],
    ] as const) {
      await setAccount(language, dark);
      const { context, page } = await adminPage(app, { ...options, timeout: 30_000 });
      await page.goto(`/records/${recordId}/profile`);
      await poll(() => entries(page).count()).toBe(3);
      await expectNoSeriousA11yViolations(page, `record index ${name}`);
      await shot(page, `segments-${name}`);
      if (name === 'en-1440-dark') {
        // The version kept by the titling names the index among the changes.
        await page.goto(`/records/${recordId}/history`);
        await page.getByRole('article').first().waitFor();
        await expectNoSeriousA11yViolations(page, `record history ${name}`);
        await shot(page, `segments-history-${name}`);
      }
      await context.close();
    }
    await setAccount('fr', false);
    // Three screens with their axe runs: over a minute on a loaded machine.
  }, 150_000);
  it('edits the index: a segment added at the moment heard, merged, from time codes, transcribed', async () => {
    expect(recordId, 'the first test made the record').toBeGreaterThan(0);
    const transcribed = await app.api.call('recordUpdate', {
      params: { id: recordId },
      body: { rawtranscription: '[00:00:00] Bonjour Nonna.\n[00:00:12] Et puis Camogli.' },
    });
    expect(transcribed.status, transcribed.text).toBe(200);
    const { context, page } = await adminPage(app, { timeout: 30_000 });
    // The player's audio element, which the page never puts in the document: its speed is read.
    await page.addInitScript(() => {
      const made: HTMLAudioElement[] = [];
      (window as unknown as { kfAudios: HTMLAudioElement[] }).kfAudios = made;
      const create = document.createElement.bind(document);
      document.createElement = ((tag: string, options?: ElementCreationOptions) => {
        const element = create(tag, options);
        if (tag === 'audio') made.push(element as HTMLAudioElement);
        return element;
      }) as typeof document.createElement;
    });
    const times = () => page.locator('.kf-index-time').allInnerTexts();
    const segmentsCall = (method: string, pattern: RegExp) =>
      page.waitForResponse(
        (r) => r.request().method() === method && pattern.test(new URL(r.url()).pathname),
      );

    // Cut at the moment heard: the player opened at 7.5 s.
    await page.goto(`/records/${recordId}/profile?t=7.5`);
    await poll(() => entries(page).count()).toBe(3);
    await poll(() => playerTime(page)).toMatch(/^00:00:07/);
    const added = nextResponse(page, 'POST', `/api/records/${recordId}/segments`);
    await page.getByRole('button', { name: 'Ajouter un segment à 00:00:07' }).click();
    expect((await added).status()).toBe(201);
    await poll(times).toEqual(['00:00:00', '00:00:05', '00:00:07', '00:00:10']);

    // The titled segment takes the new one back in: its title stays.
    await page.getByRole('button', { name: `Plus pour « ${TITLE} »` }).click();
    const merged = segmentsCall('PATCH', /^\/api\/record-segments\/\d+$/);
    await page.getByRole('menuitem', { name: 'Fusionner avec le segment suivant' }).click();
    expect((await merged).status()).toBe(200);
    await poll(times).toEqual(['00:00:00', '00:00:05', '00:00:10']);
    await page.getByRole('button', { name: `Écouter depuis 00:00:05 : ${TITLE}` }).waitFor();

    // The transcript's time codes: 00:00:00 has its segment, 00:00:12 gets one, cut from 00:00:10.
    const fromCodes = segmentsCall('POST', /\/segments\/from-time-codes$/);
    await page.getByRole('button', { name: 'Segments depuis les repères' }).click();
    expect((await fromCodes).status()).toBe(200);
    await poll(times).toEqual(['00:00:00', '00:00:05', '00:00:10', '00:00:12']);

    // Transcribe 00:00:10–00:00:12: in a loop, at half speed, Alt+T typing the moment heard.
    await page.getByRole('button', { name: 'Plus pour « Segment à 00:00:10 »' }).click();
    await page.getByRole('menuitem', { name: 'Transcrire ce segment' }).click();
    const panel = page.getByRole('region', { name: 'Transcription de « Segment à 00:00:10 »' });
    await panel.getByText('Joué en boucle de 00:00:10 à 00:00:12.').waitFor();
    await panel.getByText(/^0[.,]5×$/).click();
    const rates = () =>
      page.evaluate(() =>
        (window as unknown as { kfAudios: HTMLAudioElement[] }).kfAudios.map((a) => a.playbackRate),
      );
    await poll(rates).toContain(0.5);
    await panel.getByRole('button', { name: 'Lecture' }).click();
    // Heard past 00:00:11, then back at 00:00:10: the loop.
    const heard: string[] = [];
    await expect
      .poll(
        async () => {
          heard.push((await playerTime(page)).slice(0, 8));
          const eleven = heard.indexOf('00:00:11');
          return eleven >= 0 && heard.slice(eleven).includes('00:00:10');
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    await panel.getByRole('button', { name: 'Pause' }).click();
    const area = panel.getByLabel('Transcription');
    await area.fill('Nonna parle du port ');
    await area.press('End');
    await area.press('Alt+t');
    await poll(() => area.inputValue()).toMatch(/^Nonna parle du port \[00:00:1[01]\]/);
    await expectNoSeriousA11yViolations(page, 'transcribe a segment');
    await shot(page, 'segments-transcribe-fr-1440-light');
    const saved = segmentsCall('PATCH', /^\/api\/record-segments\/\d+$/);
    await panel.getByRole('button', { name: 'Enregistrer la transcription' }).click();
    expect((await saved).status()).toBe(200);
    await poll(() => entries(page).count()).toBe(4);
    const segments = JSON.parse(
      (await app.api.call('recordSegments', { params: { id: recordId } })).text,
    ).data as { start: number; transcript: string }[];
    expect(segments.find((s) => Math.round(s.start) === 10)?.transcript).toMatch(
      /^Nonna parle du port \[00:00:1[01]\]/,
    );
    // Back to the normal speed once done.
    expect(await rates()).not.toContain(0.5);
    await context.close();
  }, 150_000);
});
