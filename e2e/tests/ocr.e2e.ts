import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, nextResponse } from '../support/app.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';

// Reading a scan takes seconds on a busy machine: polls wait up to 90 s.
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 90_000 });

/** A typed letter drawn by the browser (no fixture in the repository). */
async function letter(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1400;
    canvas.height = 420;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 1400, 420);
    ctx.fillStyle = '#111111';
    ctx.font = '46px serif';
    ['Liebe Grete,', 'wir sind gut in Hamburg angekommen.', 'Herzliche Grüße, Vater'].forEach(
      (line, i) => ctx.fillText(line, 60, 110 + i * 90),
    );
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

describe('scans: the text read from a letter, shown beside it and found by a word', () => {
  let mediaId = 0;
  const app = frenchAdminSuite(
    async ({ api }) => {
      const media = await api.request('POST', '/api/medias', {
        title: 'Brief aus Hamburg?',
        language: 'de',
        date: '1951-03-02',
      });
      expect(media.status, media.text).toBe(201);
      mediaId = (media.json.item as { id: number }).id;
    },
    { OCR: 'on' },
  );

  it('uploads a typed letter, shows its text, corrects it and finds the item by a word of it', async () => {
    const { context, page } = await adminPage(app);
    await page.goto(`/medias/${mediaId}/profile`);
    await page.getByRole('button', { name: 'Modifier' }).click();
    await page
      .locator('.filepond--root input[type="file"]')
      .setInputFiles([{ name: 'brief.png', mimeType: 'image/png', buffer: await letter(page) }]);
    await poll(() =>
      page.locator('.filepond--item[data-filepond-item-state="processing-complete"]').count(),
    ).toBe(1);
    const attached = nextResponse(page, 'PATCH', '/api/medias/addfilepond');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect((await attached).status()).toBe(200);

    // The panel asks again while the text is being read.
    const panel = page.locator('.kf-scan-text');
    await poll(() => panel.innerText()).toMatch(/Hamburg/);
    await expect.poll(() => panel.innerText()).toMatch(/Confiance/);
    await snap(page, 'ocr-item-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'item with a scan text');

    // Corrected by hand.
    await panel.getByRole('button', { name: 'Corriger le texte' }).click();
    await panel
      .getByLabel('Texte du document')
      .fill('Liebe Grete, wir sind gut in Altona angekommen.');
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        /^\/api\/files\/\d+\/text$/.test(new URL(response.url()).pathname),
    );
    await panel.getByRole('button', { name: 'Enregistrer le texte' }).click();
    expect((await saved).status()).toBe(200);
    await poll(() => panel.innerText()).toMatch(/Altona/);
    await expect.poll(() => panel.innerText()).toMatch(/Corrigé/);

    // Found by a word of the scan only.
    await page.goto('/medias');
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('Altona');
    // The medias list is a grid of tiles: the one item whose scan holds the word.
    const found = page.locator('article.kf-media-tile, article.kf-item-card');
    await poll(() => found.count()).toBe(1);
    await poll(() => found.innerText()).toMatch(/Brief aus Hamburg/);

    // Into a translation in one action: a new French one, then the French version again (after
    // the search above, which the translation's text would also answer).
    await page.goto(`/medias/${mediaId}/profile`);
    await poll(() => panel.innerText()).toMatch(/Altona/);
    const copyTranslation = panel.getByRole('button', { name: 'Copier dans une traduction' });
    await copyTranslation.click();
    await expectNoSeriousA11yViolations(page, 'copy into a translation menu');
    await snap(page, 'ocr-translation-menu-fr-1440-light');
    const created = nextResponse(page, 'POST', '/api/medias');
    await page.getByRole('menuitem', { name: 'Nouvelle traduction : Français' }).click();
    const creation = await created;
    expect(creation.status()).toBe(201);
    const translationId = ((await creation.json()) as { item: { id: number } }).item.id;
    const translation = async () =>
      (await app.api.request('GET', `/api/medias-single/${translationId}`)).json as {
        content: string;
        language: string;
        parent_id: number;
      };
    expect(await translation()).toMatchObject({ language: 'fr', parent_id: mediaId });
    expect((await translation()).content).toMatch(/Altona/);
    // The item's versions now name the French one: the text goes after what it says.
    await copyTranslation.click();
    const added = nextResponse(page, 'PATCH', `/api/medias/${translationId}`);
    await page.getByRole('menuitem', { name: 'Ajouter à la version : Français' }).click();
    expect((await added).status()).toBe(200);
    expect((await translation()).content.match(/Altona/g)).toHaveLength(2);
    await context.close();
  }, 240_000);

  it.each<[string, ContextOptions]>([
    ['fr-375-dark', { locale: 'fr-FR', width: 375, height: 740, touch: true, colorScheme: 'dark' }],
    ['de-375-light', { locale: 'de-DE', width: 375, height: 740, touch: true }],
  ])('shows the text on a phone (%s), the copy into the content at hand', async (name, options) => {
    if (options.locale === 'de-DE') {
      const switched = await app.api.call('updateUser', {
        body: { siteparams: { language: 'de' } },
      });
      expect(switched.status, switched.text).toBe(200);
    }
    const { context, page } = await adminPage(app, options);
    await page.goto(`/medias/${mediaId}/profile`);
    const panel = page.locator('.kf-scan-text');
    await poll(() => panel.innerText()).toMatch(/Altona/);
    const copy = panel.getByRole('button', {
      name: options.locale === 'de-DE' ? 'In den Inhalt kopieren' : 'Copier dans le contenu',
    });
    await copy.tap();
    await poll(() => page.locator('.kf-item-content').innerText()).toMatch(/Altona/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await snap(page, `ocr-item-${name}`);
    await expectNoSeriousA11yViolations(page, `item with a scan text ${name}`);
    // The translations at hand by touch too: the French one the first test made.
    const german = options.locale === 'de-DE';
    await panel
      .getByRole('button', {
        name: german ? 'In eine Übersetzung kopieren' : 'Copier dans une traduction',
      })
      .tap();
    await page
      .getByRole('menuitem', {
        name: german ? 'Zur Fassung hinzufügen: Französisch' : 'Ajouter à la version : Français',
      })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await snap(page, `ocr-translation-menu-${name}`);
    await expectNoSeriousA11yViolations(page, `copy into a translation menu ${name}`);
    await context.close();
  });
});
