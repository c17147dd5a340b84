import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginForm, waitForPath } from '../support/app.js';
import { launchBrowser, newContext, type Browser, type Page } from '../support/browser.js';
import { startKinfolio, type RunningServer } from '../support/server.js';

/** packages/web/src/shared/build/watcher.ts: latest.json is polled hourly. */
const CHECK_INTERVAL_MS = 60 * 60 * 1000;
const NEXT_BUILD = { id: 'e2e-next-build', timestamp: Date.now() + 86_400_000 };

const markPage = (page: Page) =>
  page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

describe('new build detection', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startKinfolio({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'e2e-admin-password' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reads its manifest, polls latest.json and loads the next page in full once a newer build is out', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Fake timers, so an hour of polling passes at once.
    await page.clock.install();

    let deployed = false;
    const polls: string[] = [];
    await page.route('**/builds/latest.json?*', async (route) => {
      polls.push(new URL(route.request().url()).search);
      if (deployed) await route.fulfill({ json: NEXT_BUILD });
      else await route.continue();
    });

    const manifest = page.waitForResponse((response) =>
      /\/builds\/meta\/[0-9a-f]+\.json$/.test(response.url()),
    );
    await page.goto('/');
    await loginForm(page).submit.waitFor();
    await page.clock.runFor(3000);
    const running = (await (await manifest).json()) as { id: string; timestamp: number };
    expect(running.timestamp).toBeLessThan(Date.now());
    const latest = (await (await page.request.get('/builds/latest.json')).json()) as unknown;
    expect(latest).toEqual({ id: running.id, timestamp: running.timestamp });

    // The same build: navigation stays in the page.
    await markPage(page);
    await page.clock.runFor(CHECK_INTERVAL_MS);
    await expect.poll(() => polls.length).toBe(1);
    expect(polls[0]).toMatch(/^\?\d{13}$/);
    await page.getByRole('link', { name: /mot de passe oublié/i }).click();
    await waitForPath(page, '/forgot-password');
    expect(await sameDocument(page)).toBe(true);
    await page.goBack();
    await waitForPath(page, '/');

    // A newer build is deployed: the next poll finds it, and the next navigation reloads.
    deployed = true;
    await page.clock.runFor(CHECK_INTERVAL_MS);
    await expect.poll(() => polls.length).toBe(2);
    expect(await sameDocument(page)).toBe(true);
    const reloaded = page.waitForEvent('load');
    await page.getByRole('link', { name: /mot de passe oublié/i }).click();
    await reloaded;
    await waitForPath(page, '/forgot-password');
    expect(await sameDocument(page)).toBe(false);

    // The page still runs the old build (this server has no newer one): no reload on every click.
    const backToLogin = page.getByRole('link', { name: 'Retour à la page de connexion' });
    await backToLogin.waitFor();
    await markPage(page);
    await page.clock.runFor(CHECK_INTERVAL_MS);
    await expect.poll(() => polls.length).toBe(3);
    await backToLogin.click();
    await waitForPath(page, '/');
    await loginForm(page).submit.waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
