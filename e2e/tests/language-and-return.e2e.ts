import { linkIn, startSmtpCapture } from '@kinfolio/server/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentUserOf,
  htmlLang,
  pickLanguage,
  loginForm,
  nextResponse,
  pathOf,
  registerAccounts,
  submitLogin,
  userMenu,
  waitForPath,
  START_PAGE,
} from '../support/app.js';
import {
  launchBrowser,
  newContext,
  type Browser,
  type ContextOptions,
  type Page,
} from '../support/browser.js';
import { SanctumClient } from '../support/http-client.js';
import { startKinfolio, type RunningServer } from '../support/server.js';

const ADMIN = { name: 'Admin', email: 'admin@example.com', password: 'e2e-admin-password' };
// Registered from a French screen: the account's language is fr.
const MEMBER = {
  name: 'Marc Petit',
  email: 'marc@example.com',
  password: 'member-password',
  language: 'fr',
};
const RELATIVE = { email: 'greta@example.com', name: 'Greta Weber', password: 'greta-password-1' };
const RECORD_TITLE = 'La voix de Papi';
/** Each point of the issue at both sizes: a touch phone and a desktop. */
const SCREENS: [string, ContextOptions][] = [
  ['375-touch', { width: 375, height: 740, touch: true }],
  ['1440', { width: 1440, height: 900 }],
];

/** The texts of every toast shown so far. */
const toastTexts = (page: Page) => page.locator('.mantine-Notification-root').allInnerTexts();

/** French words of the app's toasts and headings: none may show on a German screen. */
const FRENCH = /\b(Bienvenue|Votre|compte|Articles|Connexion|enregistré)\b/;

describe('the language a person uses, and the page they asked for, survive the login', () => {
  let server: RunningServer;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let admin: SanctumClient;
  let recordId: number;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    [server, browser] = await Promise.all([
      startKinfolio({
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: smtp.url,
      }),
      launchBrowser(),
    ]);
    await registerAccounts(server.url, ADMIN, [MEMBER]);
    admin = new SanctumClient(server.url, 'fr');
    await admin.call('csrfCookie');
    expect((await admin.call('login', { body: ADMIN })).status).toBe(200);
    await admin.call('csrfCookie');
    const created = await admin.call('recordCreate', {
      body: { lang: 'fr', title: RECORD_TITLE },
    });
    expect(created.status, created.text).toBe(201);
    const saved = created.json as { record?: { id: number }; id?: number };
    recordId = saved.record?.id ?? saved.id ?? 0;
    expect(recordId).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it.each(SCREENS)(
    'joins through a German invitation page into a German interface, with German toasts (%s)',
    async (name, options) => {
      // Invited from a French screen, with a French mail.
      const email = `${name}.${RELATIVE.email}`;
      const invited = await admin.call('adminInvite', {
        body: { email, permissions: ['content.edit'], language: 'fr' },
      });
      expect(invited.status, invited.text).toBe(201);
      const mail = await smtp.waitFor(email);
      const link = new URL(linkIn(mail.text));

      // Opened in a French browser; the person reads German and says so on the page.
      const context = await newContext(browser, server.url, { ...options, locale: 'fr-FR' });
      const page = await context.newPage();
      await page.goto(link.pathname);
      await page.getByRole('heading', { name: 'Rejoindre les archives familiales' }).waitFor();
      await pickLanguage(page, "Choisir la langue de l'interface", 'Deutsch');
      await expect.poll(() => htmlLang(page)).toBe('de');
      await page.getByLabel(/^Name/).fill(RELATIVE.name);
      await page.getByLabel(/^Passwort( \*)?$/).fill(RELATIVE.password);
      await page.getByLabel(/^Passwort bestätigen/).fill(RELATIVE.password);
      const accepted = nextResponse(page, 'POST', '/api/invitation/accept');
      await page.getByRole('button', { name: /Konto erstellen/ }).click();
      expect((await accepted).status()).toBe(200);
      await waitForPath(page, '/user/userprofile');
      await userMenu(page).waitFor();

      // German everywhere: the page, the welcome toast, and the account from now on.
      await page.locator('.mantine-Notification-root').filter({ hasText: 'Willkommen' }).waitFor();
      await page.waitForTimeout(300);
      expect(await htmlLang(page)).toBe('de');
      for (const text of await toastTexts(page)) expect(text).not.toMatch(FRENCH);
      expect((await currentUserOf(page)).user?.siteparams.language).toBe('de');
      await context.close();
    },
  );

  it.each(SCREENS)(
    'keeps a language picked on the login page through the login, and saves it for the account (%s)',
    async (_, options) => {
      // The account starts in French for each screen.
      const member = new SanctumClient(server.url, 'fr');
      await member.call('csrfCookie');
      expect((await member.call('login', { body: MEMBER })).status).toBe(200);
      await member.call('csrfCookie');
      const french = await member.call('updateUser', { body: { siteparams: { language: 'fr' } } });
      expect(french.status, french.text).toBe(200);
      const context = await newContext(browser, server.url, { ...options, locale: 'fr-FR' });
      const page = await context.newPage();
      await page.goto('/');
      await loginForm(page).submit.waitFor();
      await pickLanguage(page, "Choisir la langue de l'interface", 'Deutsch');
      await page.getByRole('button', { name: 'Anmelden' }).waitFor();

      const saved = nextResponse(page, 'PATCH', '/api/update-user');
      await submitLogin(page, MEMBER.email, MEMBER.password);
      await waitForPath(page, START_PAGE);
      await page.getByRole('heading', { level: 1, name: 'Beiträge' }).waitFor();
      const response = await saved;
      expect(response.status()).toBe(200);
      expect(response.request().postDataJSON()).toMatchObject({ siteparams: { language: 'de' } });
      expect(response.request().headers()['accept-language']).toBe('de');
      await page.waitForTimeout(300);
      expect(await htmlLang(page)).toBe('de');
      for (const text of await toastTexts(page)) expect(text).not.toMatch(FRENCH);

      // A new browser, French, gets the account's German once logged in.
      const other = await newContext(browser, server.url, { ...options, locale: 'fr-FR' });
      const second = await other.newPage();
      await second.goto('/');
      await submitLogin(second, MEMBER.email, MEMBER.password);
      await waitForPath(second, START_PAGE);
      await second.getByRole('heading', { level: 1, name: 'Beiträge' }).waitFor();
      await other.close();
      await context.close();
    },
  );

  it.each(SCREENS)(
    'gives a browser asking only for languages the app lacks the English interface (%s)',
    async (_, options) => {
      const context = await newContext(browser, server.url, { ...options, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      expect(await htmlLang(page)).toBe('en');
      await context.close();
    },
  );

  for (const screen of [
    { name: '375 px with touch', width: 375, height: 740, touch: true },
    { name: '1440 px', width: 1440, height: 900, touch: false },
  ]) {
    it(`returns to a record opened logged out once logged in (${screen.name})`, async () => {
      const context = await newContext(browser, server.url, {
        locale: 'fr-FR',
        width: screen.width,
        height: screen.height,
        touch: screen.touch,
      });
      const page = await context.newPage();
      const asked = `/records/${recordId}/profile`;
      await page.goto(asked);
      await waitForPath(page, '/');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(asked);
      await loginForm(page).submit.waitFor();
      await submitLogin(page, ADMIN.email, ADMIN.password);
      await waitForPath(page, asked);
      await page.getByText(RECORD_TITLE).first().waitFor();
      // It stays there: nothing sends it on to the start page afterwards.
      await page.waitForTimeout(500);
      expect(pathOf(page)).toBe(asked);
      await context.close();
    });
  }

  it('follows a redirect to a page of the site, and ignores one to another site', async () => {
    const context = await newContext(browser, server.url, { locale: 'fr-FR' });
    const page = await context.newPage();
    const own = `/records/${recordId}/profile`;
    for (const [target, landing] of [
      ['https://evil.example/steal', START_PAGE],
      [own, own],
      ['//evil.example', START_PAGE],
      ['/\\evil.example', START_PAGE],
    ] as const) {
      await page.goto(`/?redirect=${encodeURIComponent(target)}`);
      await submitLogin(page, ADMIN.email, ADMIN.password);
      await waitForPath(page, landing);
      expect(new URL(page.url()).host).toBe(new URL(server.url).host);
      await userMenu(page).click();
      await page.getByRole('menuitem', { name: /^(Log out|Se déconnecter)$/ }).click();
      await waitForPath(page, '/');
    }
    await context.close();
  });
});
