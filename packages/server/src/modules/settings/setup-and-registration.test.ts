import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@kinfolio/contract';
import { createTestServer, type TestServer } from '../../test/server.js';

const NEW_ADMIN = {
  name: 'Nonna Rosa',
  email: 'rosa@example.com',
  password: 'first-admin-pw',
  password_confirmation: 'first-admin-pw',
};

describe('first administrator and self-registration', () => {
  let server: TestServer;
  let adminEmail = NEW_ADMIN.email;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('offers setup while no user exists, then closes it for good', async () => {
    expect((await server.client().get('/api/app-state')).json()).toEqual({
      needs_setup: true,
      registration_enabled: false,
      map_tile_url: DEFAULT_MAP_TILE_URL,
      map_tile_attribution: DEFAULT_MAP_TILE_ATTRIBUTION,
    });
    const client = server.client();
    const [first, second] = await Promise.all([
      client.post('/api/setup', NEW_ADMIN),
      server.client().post('/api/setup', { ...NEW_ADMIN, email: 'intruder@example.com' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 403]);
    // Either request may win the race; later tests log in as whoever did.
    adminEmail = first.statusCode === 201 ? NEW_ADMIN.email : 'intruder@example.com';
    expect((await server.client().get('/api/app-state')).json().needs_setup).toBe(false);
    const users = await server.ctx.db.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.email).toBe(adminEmail);
    expect(JSON.parse(users[0]!.permissions)).toEqual(['admin']);
    const late = await server
      .client()
      .post('/api/setup', { ...NEW_ADMIN, email: 'late@example.com' });
    expect(late.statusCode).toBe(403);
  });

  it('refuses registration until an admin opens it; a new user has no permissions', async () => {
    const body = {
      name: 'Luca',
      email: 'luca@example.com',
      password: 'luca-password',
      password_confirmation: 'luca-password',
    };
    expect((await server.client().post('/register', body)).statusCode).toBe(403);

    const admin = await server.loggedIn(adminEmail, NEW_ADMIN.password);
    const opened = await admin.patch('/api/admin-settings', { registration_enabled: true });
    expect(opened.statusCode).toBe(200);
    expect((await admin.get('/api/admin-settings')).json()).toEqual({
      registration_enabled: true,
      map_tile_url: DEFAULT_MAP_TILE_URL,
      map_tile_attribution: DEFAULT_MAP_TILE_ATTRIBUTION,
    });

    const client = server.client();
    client.language = 'it';
    const registered = await client.post('/register', body);
    expect(registered.statusCode).toBe(201);
    expect(registered.json().user.permissions).toEqual([]);
    expect(registered.json().user.siteparams.language).toBe('it');
    expect((await client.get('/api/logged-in-user')).statusCode).toBe(200);
    expect((await client.get('/api/admin-users')).statusCode).toBe(403);

    const duplicate = await server
      .client()
      .post('/register', { ...body, email: 'LUCA@example.com' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toHaveProperty('email');
  });

  it('keeps the map tile server an admin sets, or none, and tells every visitor', async () => {
    const admin = await server.loggedIn(adminEmail, NEW_ADMIN.password);
    const url = 'https://tiles.example.org/{z}/{x}/{y}.png';
    const set = await admin.patch('/api/admin-settings', {
      map_tile_url: url,
      map_tile_attribution: 'Example tiles',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ registration_enabled: true, map_tile_url: url });
    expect((await server.client().get('/api/app-state')).json()).toMatchObject({
      map_tile_url: url,
      map_tile_attribution: 'Example tiles',
    });
    for (const bad of ['javascript:alert(1)', 'https://tiles.example.org/tile.png', 42]) {
      const refused = await admin.patch('/api/admin-settings', { map_tile_url: bad });
      expect(refused.statusCode).toBe(422);
      if (typeof bad === 'string') {
        // Said in words a person can act on, not "the value is not valid".
        expect(refused.json().errors.map_tile_url).toEqual([
          'Enter an http:// or https:// address containing {z}, {x} and {y}.',
        ]);
      }
    }
    // The pages' policy lets browsers load the chosen server's tiles, and only those.
    const imgSrc = async () =>
      /img-src ([^;]*)/.exec(
        String((await server.client().get('/api/app-state')).headers['content-security-policy']),
      )?.[1];
    expect(await imgSrc()).toBe("'self' data: blob: https://tiles.example.org");
    const injected = 'https://a.example.org;default-src:*;/{z}/{x}/{y}.png';
    expect((await admin.patch('/api/admin-settings', { map_tile_url: injected })).statusCode).toBe(
      200,
    );
    expect(await imgSrc()).toBe("'self' data: blob:");
    expect((await admin.patch('/api/admin-settings', { map_tile_url: null })).statusCode).toBe(200);
    expect((await server.client().get('/api/app-state')).json().map_tile_url).toBeNull();
    expect(await imgSrc()).toBe("'self' data: blob:");
    const user = server.client();
    expect((await user.patch('/api/admin-settings', { map_tile_url: url })).statusCode).not.toBe(
      200,
    );
    await admin.patch('/api/admin-settings', {
      map_tile_url: DEFAULT_MAP_TILE_URL,
      map_tile_attribution: DEFAULT_MAP_TILE_ATTRIBUTION,
    });
    expect(await imgSrc()).toBe("'self' data: blob: https://tile.openstreetmap.org");
  });

  it('rejects a bad setup body with 422 and creates nothing', async () => {
    const fresh = await createTestServer();
    try {
      const response = await fresh
        .client()
        .post('/api/setup', { ...NEW_ADMIN, password_confirmation: 'different' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toHaveProperty('password_confirmation');
      expect((await fresh.client().get('/api/app-state')).json().needs_setup).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
