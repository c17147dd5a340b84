import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, nextResponse } from '../support/app.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';
import { thumbnailsMade } from '../support/thumbnails.js';

// Uploads, thumbnails and media metadata take a moment; polls wait up to 10 s instead of 1.
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** A 640×480 PNG drawn by the browser itself (no image fixture to keep in the repository). */
async function drawnPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d')!;
    const sky = ctx.createLinearGradient(0, 0, 0, 480);
    sky.addColorStop(0, '#7ec8e3');
    sky.addColorStop(1, '#f4e1b5');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, 640, 480);
    ctx.fillStyle = '#1b5e87';
    ctx.fillRect(0, 300, 640, 180);
    ctx.fillStyle = '#f9d35b';
    ctx.beginPath();
    ctx.arc(480, 120, 60, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** One second of silence as a WAV file. */
function silentWav(): Buffer {
  const rate = 8000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + rate, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(rate, 40);
  return Buffer.concat([header, Buffer.alloc(rate, 128)]);
}

describe('files: FilePond uploads on a media item', () => {
  let mediaId = 0;

  const app = frenchAdminSuite(async ({ api }) => {
    const media = await api.request('POST', '/api/medias', {
      title: 'Vacances à la mer',
      content: '<p>Été 1978, la plage de Cesenatico.</p>',
      language: 'fr',
      date: '1978-08-12',
    });
    expect(media.status, media.text).toBe(201);
    mediaId = (media.json.item as { id: number }).id;
  });

  it('uploads a photo, a recording and a note, and shows the thumbnail after a reload', async () => {
    const { context, page, cspErrors } = await adminPage(app);
    await page.goto(`/medias/${mediaId}/profile`);
    await page.getByRole('button', { name: 'Modifier' }).click();
    await poll(() => page.locator('.filepond--drop-label').innerText()).toContain('Glissez');

    const statuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/medias/filepond') {
        statuses.push(response.status());
      }
    });
    await page.locator('.filepond--root input[type="file"]').setInputFiles([
      { name: 'plage-1978.png', mimeType: 'image/png', buffer: await drawnPng(page) },
      { name: 'voix de nonna.wav', mimeType: 'audio/wav', buffer: silentWav() },
      { name: 'légende.txt', mimeType: 'text/plain', buffer: Buffer.from('Cesenatico, août 1978') },
    ]);
    await poll(() =>
      page.locator('.filepond--item[data-filepond-item-state="processing-complete"]').count(),
    ).toBe(3);
    expect(statuses).toEqual([201, 201, 201]);
    await snap(page, 'files-form-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'item form with uploads');

    const attached = nextResponse(page, 'PATCH', '/api/medias/addfilepond');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect((await attached).status()).toBe(200);

    // The thumbnail is made by a background job once the upload has answered.
    await thumbnailsMade(app.api, { type: 'media', id: mediaId }, 1);
    await page.reload();
    const thumbnail = page.getByRole('img', { name: 'plage-1978.png' });
    await poll(() => thumbnail.getAttribute('src')).toMatch(/^\/api\/files\/\d+\?thumb=1$/);
    await poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(480);
    await poll(() => page.locator('audio').count()).toBe(1);
    await poll(() => page.getByRole('link', { name: /légende\.txt/ }).count()).toBe(1);
    await snap(page, 'files-read-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'item read view with attachments');

    // The thumbnail opens the full picture.
    await page.getByRole('button', { name: 'Ouvrir plage-1978.png' }).click();
    const full = page.getByRole('dialog').getByRole('img', { name: 'plage-1978.png' });
    await poll(() => full.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(640);
    await page.keyboard.press('Escape');
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it.each<[string, ContextOptions]>([
    ['en-375-dark', { locale: 'en-GB', width: 375, height: 800, colorScheme: 'dark' }],
    ['en-1440-dark', { locale: 'en-GB', colorScheme: 'dark' }],
    ['fr-375-light', { locale: 'fr-FR', width: 375, height: 800 }],
  ])('reads and edits attachments on other screens (%s)', async (name, options) => {
    const language = name.slice(0, 2);
    const switched = await app.api.request('PATCH', '/api/update-user', {
      siteparams: { language, darkMode: options.colorScheme === 'dark' },
    });
    expect(switched.status, switched.text).toBe(200);
    const { context, page } = await adminPage(app, options);
    await page.goto(`/medias/${mediaId}/profile`);
    await poll(() => page.locator('.kf-thumb img').count()).toBe(1);
    await snap(page, `files-read-${name}`);
    await page.getByRole('button', { name: language === 'fr' ? 'Modifier' : 'Edit' }).click();
    await poll(() => page.locator('.filepond--drop-label').count()).toBe(1);
    await snap(page, `files-form-${name}`);
    await context.close();
  });

  it('deletes a file after confirmation', async () => {
    const { context, page } = await adminPage(app);
    await page.goto(`/medias/${mediaId}/profile`);
    await page.getByRole('button', { name: 'Supprimer légende.txt' }).click();
    const deleted = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' &&
        /^\/api\/files\/\d+$/.test(new URL(response.url()).pathname),
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    expect((await deleted).status()).toBe(200);
    await poll(() => page.getByRole('link', { name: /légende\.txt/ }).count()).toBe(0);
    await context.close();
  });
});
