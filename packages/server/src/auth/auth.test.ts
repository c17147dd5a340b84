import { SESSION_COOKIE, XSRF_COOKIE } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, type TestServer } from '../test/server.js';

describe('Sanctum-style authentication', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    await server.createAdmin();
  });
  afterAll(() => server.close());

  it('hands out the XSRF cookie and an HttpOnly session cookie', async () => {
    const response = await server.client().get('/sanctum/csrf-cookie');
    expect(response.statusCode).toBe(204);
    const cookies = response.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[];
    expect(cookies.find((c) => c.name === XSRF_COOKIE)?.httpOnly).toBeFalsy();
    expect(cookies.find((c) => c.name === SESSION_COOKIE)?.httpOnly).toBe(true);
    expect(cookies.find((c) => c.name === SESSION_COOKIE)?.sameSite).toBe('Lax');
  });

  it('refuses a non-GET without or with a wrong X-XSRF-TOKEN with 419 and changes nothing', async () => {
    const client = server.client();
    await client.csrf();
    const missing = await client.send('POST', '/login', ADMIN, { xsrf: false });
    expect(missing.statusCode).toBe(419);
    const wrong = await client.send('POST', '/login', ADMIN, {
      xsrf: false,
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(wrong.statusCode).toBe(419);
    expect(await client.get('/api/logged-in-user').then((r) => r.statusCode)).toBe(401);
  });

  it('logs in, returns the user with the spec defaults, and logs out', async () => {
    const client = server.client();
    const login = await client.login(ADMIN.email, ADMIN.password);
    expect(login.json().user.email).toBe(ADMIN.email);
    const me = await client.get('/api/logged-in-user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: ADMIN.email,
      permissions: ['admin'],
      siteparams: { isnavbarleft: true, isnavbarexpanded: true, darkMode: false, language: 'en' },
      themecolors: {
        maincolor: '#003459',
        primarycolor: '#00a8e8',
        secondarycolor: '#007ea7',
        modulomaincolor: '#ffffff',
        moduloprimarycolor: '#ffffff',
        modulosecondarycolor: '#ffffff',
      },
    });
    expect(me.json()).not.toHaveProperty('password_hash');
    expect((await client.post('/logout')).statusCode).toBe(204);
    expect((await client.get('/api/logged-in-user')).statusCode).toBe(401);
  });

  it('rotates the session at login so the anonymous token is worthless', async () => {
    const client = server.client();
    await client.csrf();
    const before = client.sessionToken;
    await client.login(ADMIN.email, ADMIN.password);
    expect(client.sessionToken).not.toBe(before);
    const stale = server.client();
    stale.cookies.set(SESSION_COOKIE, before!);
    expect((await stale.get('/api/logged-in-user')).statusCode).toBe(401);
  });

  it('answers a wrong password with a localised 422 on the email field', async () => {
    const client = server.client();
    client.language = 'fr';
    const response = await client.post('/login', { email: ADMIN.email, password: 'nope-nope' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email[0]).toBe(
      'Ces identifiants ne correspondent à aucun compte.',
    );
    client.language = 'de-CH,de;q=0.9';
    const german = await client.post('/login', { email: 'nobody@example.com', password: 'x' });
    expect(german.json().errors.email[0]).toContain('Zugangsdaten');
  });

  it('gives 422 with per-field messages for a malformed body', async () => {
    const client = server.client();
    client.language = 'it';
    const response = await client.post('/login', { email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe('I dati forniti non sono validi.');
    expect(body.errors).toEqual({
      email: ['Inserisci un indirizzo email valido.'],
      password: ['Questo campo è obbligatorio.'],
    });
  });

  it('gives 400, not 500, for a body that is not JSON', async () => {
    const client = server.client();
    await client.csrf();
    const response = await client.send('POST', '/login', undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect([400, 415, 422]).toContain(response.statusCode);
    const broken = await server.app.inject({
      method: 'POST',
      url: '/login',
      headers: {
        'content-type': 'application/json',
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': client.cookies.get(XSRF_COOKIE)!,
      },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBeTypeOf('string');
  });

  it('throttles failed logins per email and IP with 429 and Retry-After', async () => {
    const user = await server.createUser({ email: 'throttled@example.com' });
    const client = server.client();
    for (let i = 0; i < 5; i++) {
      const response = await client.post('/login', {
        email: user.email,
        password: 'wrong-password',
      });
      expect(response.statusCode).toBe(422);
    }
    const blocked = await client.post('/login', { email: user.email, password: 'user-password-1' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not blocked.
    await server.createUser({ email: 'other@example.com' });
    expect(
      (await client.post('/login', { email: 'other@example.com', password: 'user-password-1' }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps a remembered session in a persistent cookie and a normal one per browser session', async () => {
    const remembered = server.client();
    const response = await remembered.login(ADMIN.email, ADMIN.password, true);
    const cookie = (response.cookies as { name: string; maxAge?: number }[]).find(
      (c) => c.name === SESSION_COOKIE,
    );
    expect(cookie?.maxAge).toBeGreaterThan(24 * 3600);
    const plain = await server.client().login(ADMIN.email, ADMIN.password);
    const plainCookie = (plain.cookies as { name: string; maxAge?: number }[]).find(
      (c) => c.name === SESSION_COOKIE,
    );
    expect(plainCookie?.maxAge).toBeUndefined();
  });

  it('does not write to the sessions table on every read', async () => {
    const client = await server.loggedIn(ADMIN.email, ADMIN.password);
    const before = await server.ctx.db.selectFrom('sessions').selectAll().execute();
    for (let i = 0; i < 5; i++) await client.get('/api/logged-in-user');
    const after = await server.ctx.db.selectFrom('sessions').selectAll().execute();
    expect(after).toEqual(before);
  });

  it('refuses a deactivated account at login and ends its sessions', async () => {
    await server.createUser({ email: 'leaving@example.com' });
    const session = await server.loggedIn('leaving@example.com');
    const admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    const users = (await admin.get('/api/admin-users')).json() as { id: number; email: string }[];
    const leaving = users.find((u) => u.email === 'leaving@example.com')!;
    expect(
      (await admin.patch(`/api/admin-users/${leaving.id}`, { active: false })).statusCode,
    ).toBe(200);
    expect((await session.get('/api/logged-in-user')).statusCode).toBe(401);
    const again = await server
      .client()
      .post('/login', { email: 'leaving@example.com', password: 'user-password-1' });
    expect(again.statusCode).toBe(422);
  });
});
