import { LIMITS } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, failFrom } from '../test/browser.js';
import { createTestServer, type TestServer } from '../test/server.js';
import { linkIn, startSmtpCapture } from '../test/smtp-capture.js';
import { pruneAuthRows } from './prune.js';

const PASSWORD = 'user-password-1';

describe('one-time sign-in links over real SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: TestServer;
  let clock = Date.now();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await createTestServer({ env: { SMTP_URL: smtp.url }, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const linkMails = (to: string) =>
    smtp.mails.filter((mail) => mail.to.includes(to) && mail.text.includes('/user/login-link/'));
  const tokenOf = (text: string) => new URL(linkIn(text)).pathname.split('/').pop()!;

  async function setLanguage(email: string, language: string) {
    await server.ctx.db
      .updateTable('users')
      .set({ siteparams: JSON.stringify({ language }) })
      .where('email', '=', email)
      .execute();
  }

  it('answers the same for any address and mails only active, verified accounts', async () => {
    await server.createUser({ email: 'ada@example.com' });
    await server.createUser({ email: 'off@example.com' });
    await server.createUser({ email: 'unverified@example.com' });
    await server.ctx.db
      .updateTable('users')
      .set({ active: 0 })
      .where('email', '=', 'off@example.com')
      .execute();
    await server.ctx.db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('email', '=', 'unverified@example.com')
      .execute();
    const asker = await browser(server.app, '192.0.2.10');
    const answers = [];
    for (const email of [
      'ada@example.com',
      'ghost@example.com',
      'off@example.com',
      'unverified@example.com',
    ]) {
      answers.push(await asker.send('POST', '/api/login-link', { email }));
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(204);
      expect(answer.body).toBe('');
    }
    await smtp.waitFor('ada@example.com', (m) => m.text.includes('/user/login-link/'));
    await server.ctx.mailer.flush();
    for (const nobody of ['ghost@example.com', 'off@example.com', 'unverified@example.com']) {
      expect(
        smtp.mails.some((mail) => mail.to.includes(nobody)),
        nobody,
      ).toBe(false);
    }
    // Only the token's hash is stored.
    const rows = await server.ctx.db.selectFrom('login_links').selectAll().execute();
    const token = tokenOf(linkMails('ada@example.com')[0]!.text);
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('lets the owner of an account locked by strangers in, and their password logins after', async () => {
    const email = 'owner@example.com';
    await server.createUser({ email, name: 'Odile' });
    await setLanguage(email, 'fr');
    for (let i = 0; i < LIMITS.loginAccountMaxAttempts; i++) {
      // Two guesses per address: every stranger stays under the limits of its own address.
      const guess = await failFrom(server.app, `198.51.100.${Math.floor(i / 2) + 1}`, email);
      expect(guess.statusCode).toBe(422);
    }
    const owner = await browser(server.app, '203.0.113.7');
    expect((await owner.login(email, PASSWORD)).statusCode).toBe(429);

    expect((await owner.send('POST', '/api/login-link', { email })).statusCode).toBe(204);
    const mail = await smtp.waitFor(email, (m) => m.text.includes('/user/login-link/'));
    // In the account's language, whatever the screen that asked for it spoke.
    expect(mail.subject).toBe('Votre lien de connexion Kinfolio');
    expect(mail.text).toContain('Bonjour Odile');
    const link = new URL(linkIn(mail.text));
    expect(link.origin).toBe('http://kinfolio.test');
    const token = tokenOf(mail.text);

    // Opening the page uses nothing: only the page's button does, with a POST.
    const used = await owner.send('POST', '/api/login-link/consume', { token });
    expect(used.statusCode).toBe(200);
    expect(used.json().user.email).toBe(email);
    expect((await owner.send('GET', '/api/logged-in-user')).statusCode).toBe(200);
    expect([...owner.cookies.keys()].some((name) => /^kinfolio_device_\d+$/.test(name))).toBe(true);

    // The browser is now a known device: the strangers' exhausted counter no longer applies.
    expect((await owner.logout()).statusCode).toBe(204);
    expect((await owner.login(email, PASSWORD)).statusCode).toBe(200);
    expect((await failFrom(server.app, '198.51.100.99', email)).statusCode).toBe(429);

    // Once used, the link is dead, and says so in the language of the screen.
    const again = await owner.send(
      'POST',
      '/api/login-link/consume',
      { token },
      { 'accept-language': 'de' },
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([
      'Dieser Anmeldelink ist ungültig, abgelaufen oder wurde bereits benutzt. Fordern Sie auf der Anmeldeseite einen neuen an.',
    ]);
  });

  it('refuses an expired link, an unknown one, and a link to an address the account left', async () => {
    const email = 'late@example.com';
    const user = await server.createUser({ email });
    const asker = await browser(server.app, '192.0.2.20');
    await asker.send('POST', '/api/login-link', { email });
    const first = tokenOf(
      (await smtp.waitFor(email, (m) => m.text.includes('/user/login-link/'))).text,
    );
    clock += LIMITS.loginLinkMinutes * 60_000 + 1_000;
    const expired = await asker.send('POST', '/api/login-link/consume', { token: first });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.token).toHaveLength(1);
    const unknown = await asker.send('POST', '/api/login-link/consume', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(422);

    await asker.send('POST', '/api/login-link', { email });
    await server.ctx.mailer.flush();
    await smtp.waitFor(email, () => linkMails(email).length === 2);
    const second = tokenOf(linkMails(email)[1]!.text);
    await server.ctx.db
      .updateTable('users')
      .set({ email: 'moved@example.com' })
      .where('id', '=', user.id)
      .execute();
    const moved = await asker.send('POST', '/api/login-link/consume', { token: second });
    expect(moved.statusCode).toBe(422);
    expect((await asker.send('GET', '/api/logged-in-user')).statusCode).toBe(401);
  });

  it('prunes links once they have expired', async () => {
    const email = 'pruned@example.com';
    const user = await server.createUser({ email });
    await (await browser(server.app, '192.0.2.30')).send('POST', '/api/login-link', { email });
    const count = async () =>
      (
        await server.ctx.db
          .selectFrom('login_links')
          .select('token_hash')
          .where('user_id', '=', user.id)
          .execute()
      ).length;
    expect(await count()).toBe(1);
    await pruneAuthRows(server.ctx.db, new Date(clock + 60_000));
    expect(await count()).toBe(1);
    await pruneAuthRows(server.ctx.db, new Date(clock + LIMITS.loginLinkMinutes * 60_000 + 1));
    expect(await count()).toBe(0);
  });

  it('mails an account a few links per window, and refuses an address that asks too often', async () => {
    const email = 'flooded@example.com';
    await server.createUser({ email });
    // Many addresses, one account: the answer never changes, the mails stop.
    for (let i = 0; i < LIMITS.loginLinkAccountMaxMails + 3; i++) {
      const asker = await browser(server.app, `192.0.2.${100 + i}`);
      expect((await asker.send('POST', '/api/login-link', { email })).statusCode).toBe(204);
    }
    await server.ctx.mailer.flush();
    expect(linkMails(email)).toHaveLength(LIMITS.loginLinkAccountMaxMails);
    // The next window mails again.
    clock += LIMITS.loginLinkMinutes * 60_000;
    await (await browser(server.app, '192.0.2.200')).send('POST', '/api/login-link', { email });
    await server.ctx.mailer.flush();
    expect(linkMails(email)).toHaveLength(LIMITS.loginLinkAccountMaxMails + 1);

    // One address, many accounts (known or not): a 429 once it has asked its share.
    const asker = await browser(server.app, '192.0.2.250');
    for (let i = 0; i < LIMITS.loginLinkAddressMaxRequests; i++) {
      const answer = await asker.send('POST', '/api/login-link', {
        email: `nobody${i}@example.com`,
      });
      expect(answer.statusCode).toBe(204);
    }
    const refused = await asker.send('POST', '/api/login-link', { email: 'ada@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
