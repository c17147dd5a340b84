import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, nextResponse } from '../support/app.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';
import { attachFile, picture } from '../support/thumbnails.js';

const PATH = '/admin/tabAdminParam/deletedMedias';
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000 });
const responseUnder = (page: Page, method: string, prefix: string) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === method && new URL(response.url()).pathname.startsWith(prefix),
  );

describe('deleted medias admin screen', () => {
  let mediaId = 0;

  const app = frenchAdminSuite(async (started) => {
    const { api } = started;
    const media = await api.request('POST', '/api/medias', {
      title: 'Vacances à la mer',
      language: 'fr',
    });
    expect(media.status, media.text).toBe(201);
    mediaId = (media.json.item as { id: number }).id;
    await attachFile(
      started,
      { id: mediaId, type: 'media' },
      'plage.png',
      await picture('#3b82c4'),
    );
    // A post deleted for good: its picture can only go to a new media item.
    const post = await api.request('POST', '/api/posts', {
      title: 'Lettre de Rome',
      language: 'fr',
    });
    expect(post.status, post.text).toBe(201);
    const postId = (post.json.item as { id: number }).id;
    await attachFile(started, { id: postId, type: 'post' }, 'lettre.png', await picture('#c4803b'));
    expect((await api.request('DELETE', `/api/posts/${postId}`)).status).toBe(200);
    expect((await api.request('DELETE', `/api/posts-harddelete/${postId}`)).status).toBe(200);
  });

  it('deletes a picture from its item, finds it in deleted medias, restores it there', async () => {
    const { context, page } = await adminPage(app, { timeout: 30_000 });
    await page.goto(`/medias/${mediaId}/profile`);
    await page.getByRole('button', { name: 'Supprimer plage.png' }).click();
    const deleted = responseUnder(page, 'DELETE', '/api/files/');
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    expect((await deleted).status()).toBe(200);
    await poll(() => page.getByRole('img', { name: 'plage.png' }).count()).toBe(0);

    await page.goto(PATH);
    await page.getByRole('heading', { level: 1, name: 'Paramètres du site' }).waitFor();
    await poll(() => page.getByText('2 médias supprimés').isVisible()).toBe(true);
    await poll(() =>
      page.getByRole('tab', { name: 'Médias supprimés', selected: true }).isVisible(),
    ).toBe(true);
    // The live owner is a link; the post deleted for good is not.
    const table = page.locator('table');
    await poll(() => table.getByRole('link', { name: 'Vacances à la mer' }).isVisible()).toBe(true);
    await poll(() => table.getByText('Lettre de Rome').isVisible()).toBe(true);
    expect(await table.getByRole('link', { name: 'Lettre de Rome' }).count()).toBe(0);
    // The previews load (served to administrators only).
    await poll(() =>
      table
        .locator('img')
        .first()
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    await snap(page, 'deleted-medias-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'deleted medias fr 1440 light');

    await page
      .getByRole('button', { name: 'Restaurer plage.png' })
      .filter({ visible: true })
      .click();
    const restored = responseUnder(page, 'POST', '/api/deleted-medias/');
    await page.getByRole('dialog').getByRole('button', { name: 'Restaurer' }).click();
    expect((await restored).status()).toBe(200);
    await page.getByText('Le fichier est de retour dans « Vacances à la mer ».').first().waitFor();
    await poll(() => page.getByText('1 média supprimé').isVisible()).toBe(true);

    await page.goto(`/medias/${mediaId}/profile`);
    const thumbnail = page.getByRole('img', { name: 'plage.png' });
    await poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(400);
    await context.close();
  }, 240_000);

  it.each<[string, ContextOptions]>([
    ['en-375-dark', { locale: 'en-GB', width: 375, height: 812, colorScheme: 'dark', touch: true }],
    ['de-1440-dark', { locale: 'de-DE', colorScheme: 'dark' }],
  ])(
    'reads well on other screens (%s), axe clean',
    async (name, options) => {
      const language = name.slice(0, 2);
      const switched = await app.api.request('PATCH', '/api/update-user', {
        siteparams: { language, darkMode: options.colorScheme === 'dark' },
      });
      expect(switched.status, switched.text).toBe(200);
      const { context, page } = await adminPage(app, { ...options, timeout: 30_000 });
      await page.goto(PATH);
      await poll(() =>
        page
          .getByText(/lettre\.png/)
          .filter({ visible: true })
          .count(),
      ).toBe(1);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await snap(page, `deleted-medias-${name}`);
      await expectNoSeriousA11yViolations(page, `deleted medias ${name}`);
      await context.close();
    },
    240_000,
  );

  it('purges the last one after confirmation, and saves the retention settings', async () => {
    await app.api.request('PATCH', '/api/update-user', {
      siteparams: { language: 'fr', darkMode: false },
    });
    const { context, page } = await adminPage(app, { timeout: 30_000 });
    await page.goto(PATH);
    await page.getByRole('button', { name: 'Purger lettre.png' }).filter({ visible: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Purger' }).click();
    await page.getByText('Le fichier a été supprimé définitivement.').first().waitFor();
    await page.getByText('Aucun média supprimé : rien à restaurer.').waitFor();
    // The purge is said once, in one toast.
    expect(await page.getByText('Le fichier a été supprimé définitivement.').count()).toBe(1);

    const days = page.getByLabel('Garder les médias supprimés (jours)');
    await poll(() => days.inputValue()).toBe('30');
    await days.fill('45');
    await page.getByLabel('Vider la corbeille après (jours)').fill('90');
    const saved = nextResponse(page, 'PUT', '/api/deleted-medias/settings');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await saved).status()).toBe(200);
    const settings = await app.api.request('GET', '/api/deleted-medias/settings');
    expect(settings.json).toEqual({ deleted_media_retention_days: 45, trash_retention_days: 90 });
    await context.close();
  }, 240_000);
});
