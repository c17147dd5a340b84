import { linkIn, startSmtpCapture } from '@kinfolio/server/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentUserOf,
  expectNoSeriousA11yViolations,
  loginViaUi,
  nextRouteResponse,
  userMenu,
  waitForPath,
} from '../support/app.js';
import { launchBrowser, newContext, snap, type Browser } from '../support/browser.js';
import { startKinfolio, type RunningServer } from '../support/server.js';

const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };
const INVITED = { email: 'lena@example.com', name: 'Lena Rossi', password: 'lena-password-1' };

describe('an invitation: the admin invites, the mailed link sets a password, the member is in', () => {
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

  it('invites with chosen rights, and the new member lands logged in with them', async () => {
    // The administrator, on an English screen, invites from the user list.
    const adminContext = await newContext(browser, server.url, { locale: 'en-US' });
    const admin = await adminContext.newPage();
    await loginViaUi(admin, ADMIN);
    await admin.goto('/admin/tabAdminUsers/userList');
    await admin.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a family member' });
    await dialog.getByLabel(/^Email address/).fill(INVITED.email);
    await dialog.getByRole('checkbox', { name: /^Edit content/ }).check();
    await dialog.getByLabel('Language of the email', { exact: true }).click();
    await admin.getByRole('option', { name: 'Français' }).click();
    await expectNoSeriousA11yViolations(admin, 'invitation dialog');
    await snap(admin, 'invitation-dialog-en-1440');
    const invited = nextRouteResponse(admin, 'adminInvite');
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    expect((await invited).status()).toBe(201);
    await dialog.waitFor({ state: 'hidden' });
    // Pending in the list, with resend and withdraw.
    await admin.getByText('Invited', { exact: true }).first().waitFor();
    await admin
      .getByRole('button', { name: `Resend the invitation to ${INVITED.email}` })
      .waitFor();

    // The mail is in the language chosen for it, with a one-time link.
    const mail = await smtp.waitFor(INVITED.email);
    expect(mail.subject).toContain('vous invite sur Kinfolio');
    const link = new URL(linkIn(mail.text));
    expect(link.pathname).toMatch(/^\/user\/invitation\/[\w-]+$/);

    // The invited person opens it in a French browser and chooses a name and a password.
    const memberContext = await newContext(browser, server.url, { locale: 'fr-FR' });
    const member = await memberContext.newPage();
    await member.goto(link.pathname);
    await member.getByRole('heading', { name: 'Rejoindre les archives familiales' }).waitFor();
    await expect.poll(() => member.getByLabel(/^Adresse e-mail/).inputValue()).toBe(INVITED.email);
    await expectNoSeriousA11yViolations(member, 'invitation accept page');
    await snap(member, 'invitation-accept-fr-1440');
    await member.getByLabel(/^Nom/).fill(INVITED.name);
    await member.getByLabel(/^Mot de passe/).fill(INVITED.password);
    await member.getByLabel(/^Confirmez le mot de passe/).fill(INVITED.password);
    await member.getByRole('button', { name: 'Créer mon compte' }).click();
    await waitForPath(member, '/user/userprofile');
    await userMenu(member).waitFor();
    const me = await currentUserOf(member);
    expect(me.status).toBe(200);
    expect(me.user).toMatchObject({ email: INVITED.email, permissions: ['content.edit'] });
    expect(me.user?.siteparams.language).toBe('fr');

    // The link was for one use: opened again, it says so at once.
    const again = await browser.newPage({ baseURL: server.url, locale: 'fr-FR' });
    await again.goto(link.pathname);
    await again.getByText('Ce lien ne peut pas être utilisé').waitFor();
    await again.close();

    // The admin's list now shows an active member with a last login, no invitation.
    await admin.reload();
    await admin
      .getByRole('link', { name: `${INVITED.name}: profile and rights` })
      .first()
      .waitFor();
    expect(await admin.getByText('Invited', { exact: true }).count()).toBe(0);
    await adminContext.close();
    await memberContext.close();
  });
});
