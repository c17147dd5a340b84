import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/server.js';
import { linkIn, startSmtpCapture } from '../test/smtp-capture.js';

describe('password reset, change and email verification over real SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: TestServer;
  let clock = Date.now();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await createTestServer({ env: { SMTP_URL: smtp.url }, now: () => new Date(clock) });
    await server.createUser({ email: 'marie@example.com', name: 'Marie' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('answers forgot-password the same for known and unknown addresses', async () => {
    const known = await server.client().post('/forgot-password', { email: 'marie@example.com' });
    const unknown = await server.client().post('/forgot-password', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await server.ctx.mailer.flush();
    expect(smtp.mails.some((mail) => mail.to.includes('ghost@example.com'))).toBe(false);
  });

  it('resets the password through the mailed link, once, and ends every session', async () => {
    const session = await server.loggedIn('marie@example.com');
    const mail = await smtp.waitFor('marie@example.com', (m) => m.text.includes('password-reset'));
    const link = new URL(linkIn(mail.text));
    expect(link.origin).toBe('http://kinfolio.test');
    const token = link.pathname.split('/').pop()!;
    expect(link.searchParams.get('email')).toBe('marie@example.com');

    const body = {
      token,
      email: 'marie@example.com',
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    };
    const resetLink = { token, email: 'marie@example.com' };
    expect((await server.client().post('/reset-password/check', resetLink)).statusCode).toBe(200);
    expect(
      (await server.client().post('/reset-password/check', { ...resetLink, token: `${token}x` }))
        .statusCode,
    ).toBe(422);
    const reset = await server.client().post('/reset-password', body);
    expect(reset.statusCode).toBe(200);
    expect((await session.get('/api/logged-in-user')).statusCode).toBe(401);
    expect((await server.client().post('/reset-password', body)).statusCode).toBe(422);
    const used = await server.client().post('/reset-password/check', resetLink);
    expect(used.statusCode).toBe(422);
    expect(used.json().errors.email).toHaveLength(1);
    await server.client().login('marie@example.com', 'brand-new-pass');
  });

  it('refuses a reset token after 60 minutes', async () => {
    clock += 120_000;
    await server.client().post('/forgot-password', { email: 'marie@example.com' });
    const mail = await smtp.waitFor(
      'marie@example.com',
      (m) => m.text.includes('password-reset') && !m.text.includes('used'),
    );
    const token = new URL(
      linkIn(smtp.mails.filter((m) => m.text.includes('password-reset')).at(-1)!.text),
    ).pathname
      .split('/')
      .pop()!;
    expect(mail).toBeDefined();
    clock += 61 * 60_000;
    const response = await server.client().post('/reset-password', {
      token,
      email: 'marie@example.com',
      password: 'too-late-pass',
      password_confirmation: 'too-late-pass',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toHaveLength(1);
  });

  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const other = await server.loggedIn('marie@example.com', 'brand-new-pass');
    const client = await server.loggedIn('marie@example.com', 'brand-new-pass');
    const wrong = await client.post('/change-password', {
      current_password: 'not-it',
      password: 'another-pass-1',
      password_confirmation: 'another-pass-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty('current_password');
    const mismatch = await client.post('/change-password', {
      current_password: 'brand-new-pass',
      password: 'another-pass-1',
      password_confirmation: 'another-pass-2',
    });
    expect(mismatch.json().errors).toHaveProperty('password_confirmation');
    const ok = await client.post('/change-password', {
      current_password: 'brand-new-pass',
      password: 'another-pass-1',
      password_confirmation: 'another-pass-1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await client.get('/api/logged-in-user')).statusCode).toBe(200);
    expect((await other.get('/api/logged-in-user')).statusCode).toBe(401);
  });

  it('verifies an email address through the signed link, and rejects a tampered one', async () => {
    const user = await server.createUser({ email: 'paul@example.com' });
    await server.ctx.db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('id', '=', user.id)
      .execute();
    const client = await server.loggedIn('paul@example.com');
    const sent = await client.post('/email/verification-notification');
    expect(sent.statusCode).toBe(200);
    const mail = await smtp.waitFor('paul@example.com', (m) => m.text.includes('/email/verify/'));
    const link = new URL(linkIn(mail.text));

    const tampered = await server
      .client()
      .get(`${link.pathname}?expires=${link.searchParams.get('expires')}&signature=abc`);
    expect(tampered.statusCode).toBe(302);
    expect(tampered.headers.location).toBe('/user/verified?status=invalid');

    const verified = await server.client().get(link.pathname + link.search);
    expect(verified.headers.location).toBe('/user/verified?status=verified');
    expect((await client.get('/api/logged-in-user')).json().email_verified_at).not.toBeNull();
    const again = await server.client().get(link.pathname + link.search);
    expect(again.headers.location).toBe('/user/verified?status=already');
    for (const mangled of [link.pathname, '/email/verify/abc/xyz?expires=soon']) {
      const response = await server.client().get(mangled);
      expect(response.headers.location, mangled).toBe('/user/verified?status=invalid');
    }
  });
});
