import type { CurrentUser } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/server.js';
import { startSmtpCapture } from '../test/smtp-capture.js';

/** One language rule: the account's once chosen, else the screen's (Accept-Language). */
describe('the language of accounts and mails', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await createTestServer({ env: { SMTP_URL: smtp.url } });
    // Made like the administrator at start: no screen, so no language.
    await server.createUser({ email: 'admin@example.com', password: 'admin-password-1' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('gives an account without a language the one of the screen it first logs in from', async () => {
    const german = server.client();
    german.language = 'de';
    const first = await german.login('admin@example.com', 'admin-password-1');
    expect((first.json() as { user: CurrentUser }).user.siteparams.language).toBe('de');

    // Chosen now: a login from a French screen keeps it.
    const french = server.client();
    french.language = 'fr';
    const second = await french.login('admin@example.com', 'admin-password-1');
    expect((second.json() as { user: CurrentUser }).user.siteparams.language).toBe('de');
    expect((await french.get('/api/logged-in-user')).json().siteparams.language).toBe('de');
  });

  it('mails the reset link in the language of the screen that asked for it', async () => {
    const french = server.client();
    french.language = 'fr';
    const asked = await french.post('/forgot-password', { email: 'admin@example.com' });
    expect(asked.statusCode).toBe(200);
    const mail = await smtp.waitFor('admin@example.com', (m) => m.text.includes('password-reset'));
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Kinfolio');
  });
});
