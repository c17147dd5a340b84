import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePath } from '@kinfolio/contract';
import { expectNoSeriousA11yViolations, nextResponse } from '../support/app.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';
import { attachTwoParts, createRecord } from '../support/records.js';

// The job is polled by the page every second; joining 14 s of audio takes a few seconds.
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000 });

/** Also kept under /tmp/shots-helper-23 for review. */
async function shot(page: Page, name: string) {
  await snap(page, name);
  const dir = '/tmp/shots-helper-23';
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

describe('records: generating the MP3 of a record and opening it', () => {
  let recordId = 0;

  const app = frenchAdminSuite();

  it('uploads two parts, generates the MP3 and opens it in a new tab', async () => {
    const { context, page } = await adminPage(app);
    await page.goto('/records/profile');
    await page.getByLabel('Titre').fill('La moisson de 1947');
    await attachTwoParts(page, 30_000);
    recordId = await createRecord(page);

    // Never generated: the address is not there yet.
    const before = await app.api.call('recordMp3File', { params: { id: recordId } });
    expect(before.status).toBe(404);

    const queued = nextResponse(
      page,
      'GET',
      routePath('recordMp3Generate', { params: { id: recordId } }),
    );
    await page.getByRole('button', { name: 'Générer le MP3' }).click();
    expect((await queued).status()).toBe(202);
    // While the job is queued or running the API answers 409 (a short job may be done already;
    // the live progress itself is checked by Mp3Slot's component test).
    const busy = await app.api.call('recordMp3File', { params: { id: recordId } });
    if (busy.status === 409) {
      expect(busy.text).toContain("l'enregistrement est en cours de génération");
    } else {
      expect(busy.status).toBe(200);
    }

    const open = page.getByRole('link', { name: 'Ouvrir le MP3' });
    await poll(() => open.count()).toBe(1);
    expect(await open.getAttribute('target')).toBe('_blank');
    await expectNoSeriousA11yViolations(page, 'record profile with its MP3');
    await shot(page, 'records-mp3-fr-1440-light');

    const file = await app.api.call('recordMp3File', { params: { id: recordId } });
    expect(file.status, file.text).toBe(200);
    const { url } = JSON.parse(file.text) as { url: string };
    expect(await open.getAttribute('href')).toBe(url);

    const [tab, played] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('response', (response) => response.url().endsWith(url)),
      open.click(),
    ]);
    expect(new URL(tab.url()).pathname + new URL(tab.url()).search).toBe(url);
    expect(played.status()).toBe(200);
    expect(played.headers()['content-type']).toBe('audio/mpeg');

    // Kept under the record's title; no share sheet in a desktop browser.
    const keep = page.getByRole('link', { name: 'Télécharger La moisson de 1947.mp3' });
    expect(await keep.textContent()).toBe('Télécharger');
    const [download] = await Promise.all([page.waitForEvent('download'), keep.click()]);
    expect(download.suggestedFilename()).toBe('La moisson de 1947.mp3');
    expect(
      await page.getByRole('button', { name: 'Partager La moisson de 1947.mp3' }).count(),
    ).toBe(0);
    await context.close();
  });

  it.each<[string, ContextOptions]>([
    ['fr-375-light', { locale: 'fr-FR', width: 375, height: 800, touch: true }],
    ['de-1440-dark', { locale: 'de-DE', colorScheme: 'dark' }],
    ['de-375-dark', { locale: 'de-DE', width: 375, height: 800, colorScheme: 'dark', touch: true }],
  ])('shows the MP3 actions in %s, axe clean', async (name, options) => {
    const language = options.locale === 'de-DE' ? 'de' : 'fr';
    const switched = await app.api.call('updateUser', {
      body: { siteparams: { language, darkMode: options.colorScheme === 'dark' } },
    });
    expect(switched.status, switched.text).toBe(200);
    const { context, page } = await adminPage(app, options);
    await page.goto(`/records/${recordId}/profile`);
    const open = page.getByRole('link', {
      name: language === 'de' ? 'MP3 öffnen' : 'Ouvrir le MP3',
    });
    await poll(() => open.count()).toBe(1);
    const keep = page.getByRole('link', {
      name:
        language === 'de'
          ? 'La moisson de 1947.mp3 herunterladen'
          : 'Télécharger La moisson de 1947.mp3',
    });
    expect(await keep.getAttribute('download')).toBe('La moisson de 1947.mp3');
    await expectNoSeriousA11yViolations(page, `record MP3 ${name}`);
    await shot(page, `records-mp3-${name}`);
    await context.close();
  });
});
