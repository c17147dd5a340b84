import { OAuth2Server } from 'oauth2-mock-server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, START_PAGE, waitForPath } from '../support/app.js';
import { launchBrowser, newContext, snap, type Browser } from '../support/browser.js';
import { startKinfolio, type RunningServer } from '../support/server.js';

const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password', name: 'Ada Lovelace' };

describe('accounts: pictures and social login', () => {
  let provider: OAuth2Server;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    provider = await startProvider();
    server = await startKinfolio({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: ADMIN.name,
      OIDC_ISSUER: provider.issuer.url!,
      OIDC_CLIENT_ID: 'kinfolio-e2e',
      OIDC_CLIENT_SECRET: 'kinfolio-e2e-secret',
      OIDC_NAME: 'Family ID',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.stop();
  });

  it('logs in through the OpenID Connect server from the login form, then sets both pictures', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await expectNoSeriousA11yViolations(page, 'login form with a provider');
    await page.getByRole('link', { name: 'Continuer avec Family ID' }).click();
    await waitForPath(page, START_PAGE);

    // Profile picture: chosen, framed in the crop dialog, then shown in the header.
    await page.goto('/user/userprofile');
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#c0392b' },
    })
      .jpeg()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'moi.jpg', mimeType: 'image/jpeg', buffer: photo });
    const dialog = page.getByRole('dialog', { name: 'Cadrez votre photo' });
    await dialog.waitFor();
    await expectNoSeriousA11yViolations(page, 'crop dialog');
    await dialog.getByRole('button', { name: 'Enregistrer la photo' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const avatar = page.locator('.kf-user-button img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(
      /^\/api\/user-pictures\/\d+\/profile\/small\?v=/,
    );
    await snap(page, 'accounts-profile');

    // Site picture: chosen on the interface screen, previewed, and the layout's banner.
    await page.goto('/params/interface');
    const banner = await sharp({
      create: { width: 1600, height: 500, channels: 3, background: '#2c7fb8' },
    })
      .png()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'bandeau.png', mimeType: 'image/png', buffer: banner });
    await page.getByTestId('site-picture-preview').waitFor();
    await page.getByTestId('site-banner').waitFor();
    await expectNoSeriousA11yViolations(page, 'interface with a site picture');
    await snap(page, 'accounts-site-picture');
    await page.getByRole('button', { name: 'Retirer l’image de site' }).click();
    await page.getByTestId('site-banner').waitFor({ state: 'detached' });
    await context.close();
  });
});

async function startProvider(): Promise<OAuth2Server> {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, 'localhost');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      sub: 'ada-e2e',
      email: ADMIN.email,
      email_verified: true,
      name: ADMIN.name,
    });
  });
  return provider;
}
