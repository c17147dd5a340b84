import { linkIn, startSmtpCapture } from '@kinfolio/server/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentUserOf,
  expectNoSeriousA11yViolations,
  htmlLang,
  pickLanguage,
  waitForPath,
} from '../support/app.js';
import { launchBrowser, newContext, type Browser } from '../support/browser.js';
import { startKinfolio, type RunningServer } from '../support/server.js';

// Created at start: no screen, so no language until the first login.
const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };

describe('one language, chosen once: login, logout, reload, a mailed link, saved settings', () => {
  let server: RunningServer;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

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
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('follows the browser, then the choice on this device, then the account', async () => {
    // A German browser: the login page is German.
    const context = await newContext(browser, server.url, { locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await htmlLang(page)).toBe('de');

    // Chosen on this device: French, also after a reload.
    await pickLanguage(page, 'Sprache der Oberfläche wählen', 'Français');
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();

    // The administrator made at start never chose: the screen's French becomes theirs.
    await page.getByLabel(/^Adresse e-mail/).fill(ADMIN.email);
    await page.getByLabel(/^Mot de passe/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await waitForPath(page, '/posts');
    await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
    expect((await currentUserOf(page)).user?.siteparams.language).toBe('fr');

    // Logged out, the login page keeps speaking French, after a reload too.
    await page.getByRole('button', { name: /^Menu du compte de / }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(await htmlLang(page)).toBe('fr');
    await expectNoSeriousA11yViolations(page, 'login page after logout');
    await context.close();
  });

  it('mails the reset link in the language of the screen, and opens it in that language', async () => {
    const context = await newContext(browser, server.url, { locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Mot de passe oublié ?' }).waitFor();
    // The account is French; the person at this screen reads German.
    await pickLanguage(page, "Choisir la langue de l'interface", 'Deutsch');
    await page.getByRole('heading', { level: 1, name: 'Passwort vergessen?' }).waitFor();
    await page.getByLabel(/^E-Mail-Adresse/).fill(ADMIN.email);
    await page.getByRole('button', { name: 'Link senden' }).click();
    await page.getByRole('status').filter({ hasText: 'Sehen Sie in Ihr Postfach' }).waitFor();

    const mail = await smtp.waitFor(ADMIN.email, (m) => m.text.includes('/user/password-reset/'));
    expect(mail.subject).toBe('Setzen Sie Ihr Kinfolio-Passwort zurück');
    await page.goto(linkIn(mail.text));
    await page.getByRole('heading', { name: 'Neues Passwort wählen' }).waitFor();
    await context.close();
  });

  it('says "saved" in the language just chosen, and keeps it for the account', async () => {
    const context = await newContext(browser, server.url, { locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel(/^Adresse e-mail/).fill(ADMIN.email);
    await page.getByLabel(/^Mot de passe/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await waitForPath(page, '/posts');

    await page.goto('/params/interface');
    await page.getByRole('combobox', { name: 'Langue de l’interface' }).click();
    await page.getByRole('option', { name: 'Italiano' }).click();
    await page.getByRole('button', { name: 'Enregistrer les préférences' }).click();
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Il tuo profilo è stato salvato.' })
      .waitFor();
    await page.getByRole('button', { name: 'Salva le preferenze' }).waitFor();
    expect((await currentUserOf(page)).user?.siteparams.language).toBe('it');

    // A new device with a German browser: once logged in, the account's Italian applies.
    const other = await newContext(browser, server.url, { locale: 'de-DE' });
    const second = await other.newPage();
    await second.goto('/');
    await second.getByLabel(/^E-Mail-Adresse/).fill(ADMIN.email);
    await second.getByLabel(/^Passwort/).fill(ADMIN.password);
    await second.getByRole('button', { name: 'Anmelden' }).click();
    await waitForPath(second, '/posts');
    await second.getByRole('heading', { level: 1, name: 'Articoli' }).waitFor();
    await other.close();
    await context.close();
  });
});
