import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentUserOf,
  expectNoSeriousA11yViolations,
  loginForm,
  loginViaUi,
  nextResponse,
  pathOf,
  registerAccounts,
  submitLogin,
  userMenu,
  waitForPath,
  START_PAGE,
} from '../support/app.js';
import { launchBrowser, newContext, snap, type Browser, type Page } from '../support/browser.js';
import { startKinfolio, type RunningServer } from '../support/server.js';

const ADMIN = { name: 'Admin', email: 'admin@example.com', password: 'e2e-admin-password' };
// Registered with a French browser, so their interface language is fr.
const MEMBER = {
  name: 'Marc Petit',
  email: 'marc@example.com',
  password: 'member-password',
  language: 'fr',
};
const POLYGLOT = {
  name: 'Lucia Rossi',
  email: 'lucia@example.com',
  password: 'polyglot-password',
  language: 'fr',
};

const colorScheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

describe('login, logout, guards, not found, language and colour scheme', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startKinfolio({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
    await registerAccounts(server.url, ADMIN, [MEMBER, POLYGLOT]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refuses a wrong password under the field, logs in, and logs out back to /', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    const form = loginForm(page);
    await form.submit.waitFor();
    await expectNoSeriousA11yViolations(page, 'login page');
    await snap(page, 'login');

    await submitLogin(page, ADMIN.email, 'not-the-password');
    // The server's message (in the interface language) sits under the email field.
    const message = page.getByText('Ces identifiants ne correspondent à aucun compte.');
    await message.waitFor();
    expect(await form.email.getAttribute('aria-invalid')).toBe('true');
    const messageId = await message.getAttribute('id');
    expect(messageId).toBeTruthy();
    expect((await form.email.getAttribute('aria-describedby'))?.split(' ')).toContain(messageId);
    const [fieldBox, messageBox] = await Promise.all([
      form.email.boundingBox(),
      message.boundingBox(),
    ]);
    expect(messageBox!.y).toBeGreaterThan(fieldBox!.y);
    expect(pathOf(page)).toBe('/');
    expect((await currentUserOf(page)).status).toBe(401);

    await form.password.fill(ADMIN.password);
    await form.submit.click();
    await waitForPath(page, START_PAGE);
    // The admin's own language (en, the default for a new user) takes over after login.
    await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
    expect((await currentUserOf(page)).user?.email).toBe(ADMIN.email);

    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/');
    await loginForm(page).submit.waitFor();
    expect(await userMenu(page).count()).toBe(0);
    expect((await currentUserOf(page)).status).toBe(401);

    // A protected page now sends the visitor back to /.
    await page.goto('/user/userprofile');
    await waitForPath(page, '/');
    await loginForm(page).submit.waitFor();
    await context.close();
  });

  it('guards: logged out → /, non-admin on an admin page → 403 screen, logged in on / → start page', async () => {
    const visitor = await newContext(browser, server.url);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/admin/tabAdminUsers/userList');
    await waitForPath(visitorPage, '/');
    await loginForm(visitorPage).submit.waitFor();
    await visitor.close();

    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await loginViaUi(page, MEMBER);
    await page.goto('/admin/tabAdminUsers/userList');
    await page.getByText("Vous n'avez pas l'autorisation d'accéder à cette page.").waitFor();
    await page.getByLabel('Erreur 403').waitFor();
    expect(pathOf(page)).toBe('/admin/tabAdminUsers/userList');
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Utilisateurs' }).count()).toBe(0);
    await snap(page, 'forbidden');

    // 'Go home' goes to /, which sends a logged-in user on to the start page.
    await page.getByRole('button', { name: "Retour à l'accueil" }).click();
    await waitForPath(page, START_PAGE);
    await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();

    // Typing a guest address while logged in lands on the start page too.
    await page.goto('/');
    await waitForPath(page, START_PAGE);
    await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
    expect(await loginForm(page).submit.count()).toBe(0);
    await context.close();
  });

  it('shows the 404 screen with the path for an unknown address, and goes home from it', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/nowhere/at-all');
    await page.getByRole('heading', { name: "Oh non, cette page n'existe pas !" }).waitFor();
    await page.getByText('Page introuvable : /nowhere/at-all').waitFor();
    await page.getByLabel('Erreur 404').waitFor();
    await snap(page, 'not-found');

    await page.getByRole('button', { name: "Retour à l'accueil" }).click();
    await waitForPath(page, '/');
    await loginForm(page).submit.waitFor();
    await context.close();
  });

  it('switches the interface language and keeps it for the user after a reload', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();

    // Logged out, the picker changes the texts at once.
    await page.goto('/');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await page.getByRole('button', { name: "Choisir la langue de l'interface" }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    // Picked by hand just before logging in: kept over the account's fr, and saved on the
    // account; a change once logged in is saved too.
    const kept = nextResponse(page, 'PATCH', '/api/update-user');
    await loginViaUi(page, POLYGLOT);
    await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
    expect((await kept).request().postDataJSON()).toMatchObject({ siteparams: { language: 'en' } });
    await page.getByRole('button', { name: 'Choose the interface language' }).click();
    const saved = nextResponse(page, 'PATCH', '/api/update-user');
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ siteparams: { language: 'de' } });
    await page.getByRole('heading', { level: 1, name: 'Beiträge' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');

    // Without the device's remembered choice, the language still comes from the account.
    await page.evaluate(() => window.localStorage.removeItem('kinfolio-language'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Beiträge' }).waitFor();
    expect((await currentUserOf(page)).user?.siteparams.language).toBe('de');
    await context.close();
  });

  it('toggles dark mode with Ctrl+L, logged out and (saved on the account) logged in', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await loginForm(page).submit.waitFor();
    expect(await colorScheme(page)).toBe('light');
    await page.keyboard.press('Control+l');
    await expect.poll(() => colorScheme(page)).toBe('dark');
    await page.getByRole('button', { name: 'Passer en mode clair' }).waitFor();
    await page.keyboard.press('Control+l');
    await expect.poll(() => colorScheme(page)).toBe('light');

    await loginViaUi(page, MEMBER);
    await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
    expect(await colorScheme(page)).toBe('light');
    const saved = nextResponse(page, 'PATCH', '/api/update-user');
    await page.keyboard.press('Control+l');
    await expect.poll(() => colorScheme(page)).toBe('dark');
    expect((await saved).request().postDataJSON()).toMatchObject({
      siteparams: { darkMode: true },
    });
    await expectNoSeriousA11yViolations(page, 'archive list in dark mode');
    await snap(page, 'posts-dark');

    // The choice belongs to the account: a new browser gets it at login.
    const other = await newContext(browser, server.url);
    const otherPage = await other.newPage();
    await loginViaUi(otherPage, MEMBER);
    await expect.poll(() => colorScheme(otherPage)).toBe('dark');
    await other.close();

    const back = nextResponse(page, 'PATCH', '/api/update-user');
    await page.keyboard.press('Control+l');
    await expect.poll(() => colorScheme(page)).toBe('light');
    expect((await back).request().postDataJSON()).toMatchObject({
      siteparams: { darkMode: false },
    });
    await context.close();
  });
});
