import type { CurrentUser } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/server.js';
import { startSmtpCapture } from '../test/smtp-capture.js';

/**
 * One language rule: the account's once chosen (or saved since), else the screen's
 * (Accept-Language, English when it asks only for others).
 */
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

  it('keeps a language saved later (a choice on another screen) over the screen of the next login', async () => {
    const italian = server.client();
    italian.language = 'it';
    await italian.login('admin@example.com', 'admin-password-1');
    const saved = await italian.patch('/api/update-user', { siteparams: { language: 'it' } });
    expect(saved.statusCode).toBe(200);

    const english = server.client();
    const next = await english.login('admin@example.com', 'admin-password-1');
    expect((next.json() as { user: CurrentUser }).user.siteparams.language).toBe('it');
  });

  it('answers a screen asking only for languages it does not have in English', async () => {
    const japanese = server.client();
    japanese.language = 'ja, zh;q=0.8';
    const refused = await japanese.post('/login', {
      email: 'admin@example.com',
      password: 'wrong-password-1',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.email).toEqual(['These credentials do not match our records.']);
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
