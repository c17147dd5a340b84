import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, nextResponse } from '../support/app.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';
import { withExif } from '../support/exif.js';
import { thumbnailsMade } from '../support/thumbnails.js';

// Uploads and thumbnails take a moment; polls wait up to 10 s.
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** A picture drawn by the browser (no fixture in the repository), one colour per picture. */
async function drawn(page: Page, colour: string, type: 'image/png' | 'image/jpeg' = 'image/png') {
  const dataUrl = await page.evaluate(
    ([fill, mime]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 800;
      canvas.height = 600;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = fill!;
      ctx.fillRect(0, 0, 800, 600);
      ctx.fillStyle = '#ffffff';
      ctx.beginPath();
      ctx.arc(400, 300, 120, 0, Math.PI * 2);
      ctx.fill();
      return canvas.toDataURL(mime);
    },
    [colour, type],
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The item page's pictures, in the order it shows them. */
async function pictureNames(page: Page): Promise<string[]> {
  const pictures = page.locator('.kf-thumb img');
  await poll(() => pictures.count()).toBe(3);
  return pictures.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''));
}

describe('photos: the medias grid, thumbnails in lists and the lightbox', () => {
  let albumId = 0;

  const app = frenchAdminSuite(async ({ api }) => {
    for (const [title, date] of [
      ['Album de la plage', '1978-08-12'],
      ['Sans photo', '1970-01-01'],
    ] as const) {
      const media = await api.request('POST', '/api/medias', { title, language: 'fr', date });
      expect(media.status, media.text).toBe(201);
      if (title.startsWith('Album')) albumId = (media.json.item as { id: number }).id;
    }
  });

  it('uploads three pictures, shows the grid with the first one and steps through them', async () => {
    const { context, page } = await adminPage(app);
    await page.goto(`/medias/${albumId}/profile`);
    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.locator('.filepond--root input[type="file"]').setInputFiles([
      { name: 'plage-1.png', mimeType: 'image/png', buffer: await drawn(page, '#1b5e87') },
      { name: 'plage-2.png', mimeType: 'image/png', buffer: await drawn(page, '#c0392b') },
      { name: 'plage-3.png', mimeType: 'image/png', buffer: await drawn(page, '#27ae60') },
    ]);
    await poll(() =>
      page.locator('.filepond--item[data-filepond-item-state="processing-complete"]').count(),
    ).toBe(3);
    const attached = nextResponse(page, 'PATCH', '/api/medias/addfilepond');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect((await attached).status()).toBe(200);
    // Thumbnails are made by a background job once the uploads have answered.
    await thumbnailsMade(app.api, { type: 'media', id: albumId }, 3);

    // The grid: the album shows its first picture and its files count, the other an icon.
    await page.goto('/medias');
    const tile = page.locator(`[data-kf-row="${albumId}"]`);
    await poll(() => tile.locator('img').getAttribute('src')).toMatch(
      /^\/api\/files\/\d+\?thumb=1$/,
    );
    await poll(() =>
      tile.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(480);
    expect(await tile.innerText()).toContain('3 fichiers');
    expect(await page.locator('.kf-media-grid').count()).toBe(1);
    await snap(page, 'photos-grid-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'medias grid');

    // The list view is remembered on this device.
    await page.getByText('Liste', { exact: true }).click();
    await poll(() => page.locator('.kf-card-grid .kf-card-thumb').count()).toBe(1);
    await page.reload();
    await poll(() => page.locator('.kf-card-grid .kf-card-thumb').count()).toBe(1);
    await snap(page, 'photos-list-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'medias list with thumbnails');
    await page.getByText('Grille', { exact: true }).click();
    await poll(() => page.locator('.kf-media-grid').count()).toBe(1);

    // The lightbox: → and ← step, the buttons too, Esc closes and gives the focus back.
    await page.goto(`/medias/${albumId}/profile`);
    // Uploads finish in any order: the pictures are listed oldest first, as the server has them.
    const names = await pictureNames(page);
    expect([...names].sort()).toEqual(['plage-1.png', 'plage-2.png', 'plage-3.png']);
    const opener = page.getByRole('button', { name: `Ouvrir ${names[0]}` });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: names[0] });
    await dialog.getByText('Image 1 sur 3').waitFor();
    await poll(() =>
      dialog
        .getByRole('img', { name: names[0] })
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(800);
    await snap(page, 'photos-lightbox-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'lightbox');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: names[1] }).getByText('Image 2 sur 3').waitFor();
    await page.getByRole('button', { name: 'Image suivante' }).click();
    await page.getByRole('dialog', { name: names[2] }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: names[0] }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: names[2] }).waitFor();
    // The focus stays in the dialog.
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('steps with a swipe on a touch phone', async () => {
    const { context, page } = await adminPage(app, { width: 375, height: 800, touch: true });
    await page.goto(`/medias/${albumId}/profile`);
    const names = await pictureNames(page);
    await page.getByRole('button', { name: `Ouvrir ${names[0]}` }).click();
    const stage = page.locator('.kf-lightbox-stage');
    await stage.waitFor();
    const swipe = (fromX: number, toX: number) =>
      stage.evaluate(
        (el, [a, b]) => {
          const touch = (x: number) =>
            new Touch({ identifier: 1, target: el, clientX: x, clientY: 200 });
          el.dispatchEvent(
            new TouchEvent('touchstart', {
              touches: [touch(a!)],
              changedTouches: [touch(a!)],
              bubbles: true,
            }),
          );
          el.dispatchEvent(
            new TouchEvent('touchend', { touches: [], changedTouches: [touch(b!)], bubbles: true }),
          );
        },
        [fromX, toX],
      );
    await swipe(300, 60);
    await page.getByRole('dialog', { name: names[1] }).waitFor();
    await swipe(60, 300);
    await page.getByRole('dialog', { name: names[0] }).waitFor();
    await snap(page, 'photos-lightbox-fr-375-light');
    await context.close();
  });

  it('offers the EXIF date of a photo as the item date and shows where it was taken', async () => {
    const created = await app.api.request('POST', '/api/medias', {
      title: 'Cesenatico',
      language: 'fr',
      date: '2020-01-01',
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.json.item as { id: number }).id;
    const { context, page } = await adminPage(app);
    await page.goto(`/medias/${id}/profile`);
    await page.getByRole('button', { name: 'Modifier' }).click();
    const photo = withExif(await drawn(page, '#f39c12', 'image/jpeg'), {
      taken: '1978:08:12 14:30:00',
      latitude: 44.2,
      longitude: 12.4,
    });
    await page
      .locator('.filepond--root input[type="file"]')
      .setInputFiles([{ name: 'cesenatico.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await poll(() =>
      page.locator('.filepond--item[data-filepond-item-state="processing-complete"]').count(),
    ).toBe(1);
    const attached = nextResponse(page, 'PATCH', '/api/medias/addfilepond');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect((await attached).status()).toBe(200);

    // The read view: the place, linked to a map; the item's date is left alone.
    const place = page.getByRole('link', { name: '44,2000° N, 12,4000° E' });
    await poll(() => place.count()).toBe(1);
    expect(await place.getAttribute('href')).toContain('mlat=44.2&mlon=12.4');
    expect((await app.api.request('GET', `/api/medias-single/${id}`)).json.date).toMatch(
      /^2020-01-01/,
    );
    // Offered in the read view too (an item saved with new photos), never applied by itself.
    const offer = 'Utiliser la date de la photo : 12 août 1978';
    await poll(() => page.getByRole('button', { name: offer }).count()).toBe(1);
    await snap(page, 'photos-exif-read-fr-1440-light');

    // The form offers the photo's day; a click takes it, saving keeps it.
    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.getByRole('button', { name: 'Utiliser la date de la photo : 12 août 1978' }).click();
    expect(await page.getByLabel('Date').inputValue()).toBe('1978-08-12');
    await snap(page, 'photos-exif-form-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'item form with a photo date');
    const saved = nextResponse(page, 'PATCH', `/api/medias/${id}`);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect((await saved).status()).toBe(200);
    expect((await app.api.request('GET', `/api/medias-single/${id}`)).json.date).toMatch(
      /^1978-08-12/,
    );
    await context.close();
  });

  it.each<[string, ContextOptions]>([
    ['fr-375-dark', { locale: 'fr-FR', width: 375, height: 800, colorScheme: 'dark' }],
    ['fr-1440-dark', { locale: 'fr-FR', colorScheme: 'dark' }],
    ['fr-375-light', { locale: 'fr-FR', width: 375, height: 800 }],
    ['de-375-light', { locale: 'de-DE', width: 375, height: 800 }],
    ['de-375-dark', { locale: 'de-DE', width: 375, height: 800, colorScheme: 'dark' }],
    ['de-1440-light', { locale: 'de-DE' }],
    ['de-1440-dark', { locale: 'de-DE', colorScheme: 'dark' }],
  ])('shows the grid on other screens (%s)', async (name, options) => {
    const language = name.slice(0, 2);
    const switched = await app.api.request('PATCH', '/api/update-user', {
      siteparams: { language, darkMode: options.colorScheme === 'dark' },
    });
    expect(switched.status, switched.text).toBe(200);
    const { context, page } = await adminPage(app, options);
    await page.goto('/medias');
    const tile = page.locator(`[data-kf-row="${albumId}"]`);
    await poll(() =>
      tile.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(480);
    expect(await tile.innerText()).toContain(language === 'de' ? '3 Dateien' : '3 fichiers');
    await snap(page, `photos-grid-${name}`);
    await expectNoSeriousA11yViolations(page, `medias grid ${name}`);
    await context.close();
  });
});
