import { linkIn, startSmtpCapture } from '@kinfolio/server/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousA11yViolations,
  loginForm,
  submitLogin,
  waitForPath,
  START_PAGE,
} from '../support/app.js';
import { launchBrowser, newContext, snap, type Browser } from '../support/browser.js';
import { startKinfolio, type RunningServer } from '../support/server.js';

const ADMIN = {
  name: 'Éloïse Martin',
  email: 'eloise@example.com',
  password: 'first-admin-password',
};
const NEW_PASSWORD = 'a-brand-new-password';

describe('a fresh installation: first administrator, then a password reset by mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    [server, browser] = await Promise.all([startKinfolio({ SMTP_URL: smtp.url }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('offers the one-time "create the administrator" form, which logs the admin in', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');

    // French is the default interface language.
    const setupHeading = page.getByRole('heading', { name: 'Créer l’administrateur' });
    await setupHeading.waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await loginForm(page).submit.count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'setup form');
    await snap(page, 'setup-form');

    await page.getByLabel(/^Nom/).fill(ADMIN.name);
    await page.getByLabel(/^Adresse e-mail/).fill(ADMIN.email);
    await page.getByLabel(/^Mot de passe/).fill(ADMIN.password);
    await page.getByLabel(/^Confirmez le mot de passe/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Créer l’administrateur' }).click();

    await waitForPath(page, '/user/userprofile');
    await page.getByRole('heading', { level: 1, name: 'Mon profil' }).waitFor();
    await page.getByRole('button', { name: `Menu du compte de ${ADMIN.name}` }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Administrateur' }).waitFor();

    // A logged-out visitor (another browser) no longer gets the setup form, only the login form.
    const visitor = await newContext(browser, server.url);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/');
    await loginForm(visitorPage).submit.waitFor();
    expect(await visitorPage.getByRole('heading', { name: 'Créer l’administrateur' }).count()).toBe(
      0,
    );
    // Reloading does not bring it back either.
    await visitorPage.reload();
    await loginForm(visitorPage).submit.waitFor();
    expect(await visitorPage.getByRole('heading', { name: 'Créer l’administrateur' }).count()).toBe(
      0,
    );
    await visitor.close();
    await context.close();
  });

  it('resets a forgotten password through the link received by mail', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Mot de passe oublié ?' }).waitFor();

    await page.getByLabel(/^Adresse e-mail/).fill(ADMIN.email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByRole('status').filter({ hasText: 'Consultez votre messagerie' }).waitFor();

    // The mail really went through SMTP, in the admin's language (fr, chosen at setup).
    const mail = await smtp.waitFor(ADMIN.email, (m) => m.text.includes('/user/password-reset/'));
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Kinfolio');
    const link = linkIn(mail.text);
    expect(link.startsWith(`${server.url}/user/password-reset/`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choisir un nouveau mot de passe' }).waitFor();
    // The link carries the address, so the form is already filled in.
    expect(await page.getByLabel(/^Adresse e-mail/).inputValue()).toBe(ADMIN.email);
    await page.getByLabel(/^Nouveau mot de passe/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirmez le mot de passe/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Votre mot de passe a été réinitialisé.' })
      .waitFor();

    // The page then takes the user back to the login form by itself.
    await waitForPath(page, '/');
    await loginForm(page).submit.waitFor();

    // The old password no longer opens the account…
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await page.getByText('Ces identifiants ne correspondent à aucun compte.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // …the new one does.
    await submitLogin(page, ADMIN.email, NEW_PASSWORD);
    await waitForPath(page, START_PAGE);
    await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();

    // The link is used up: its page says so as it opens, before anything is typed, and offers a
    // new one instead of the form.
    const reused = await newContext(browser, server.url);
    const reusedPage = await reused.newPage();
    await reusedPage.goto(link);
    await reusedPage.getByText('Ce lien de réinitialisation est invalide ou a expiré.').waitFor();
    expect(await reusedPage.getByLabel(/^Nouveau mot de passe/).count()).toBe(0);
    await reusedPage.getByRole('link', { name: 'Demander un nouveau lien' }).click();
    await waitForPath(reusedPage, '/forgot-password');
    await reused.close();
    await context.close();
  });
});
