import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';

describe('users: own settings and the admin screens', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    await server.createAdmin();
    await server.createUser({ email: 'jo@example.com', name: 'Jo' });
  });
  afterAll(() => server.close());

  it('merges siteparams and themecolors key by key and keeps the rest', async () => {
    const client = await server.loggedIn('jo@example.com');
    const response = await client.patch('/api/update-user', {
      id: 999,
      permissions: ['admin'],
      siteparams: { isnavbarleft: false, language: 'de' },
      themecolors: { primarycolor: '#AA0000' },
    });
    expect(response.statusCode).toBe(200);
    const user = response.json().user;
    expect(user.permissions).toEqual([]);
    expect(user.siteparams).toEqual({
      isnavbarleft: false,
      isnavbarexpanded: true,
      darkMode: false,
      language: 'de',
    });
    expect(user.themecolors.primarycolor).toBe('#aa0000');
    expect(user.themecolors.maincolor).toBe('#003459');
    expect(response.json().message).toBeTypeOf('string');

    // A later update of one key leaves the others as saved.
    const darker = await client.patch('/api/update-user', { siteparams: { darkMode: true } });
    expect(darker.json().user.siteparams).toEqual({
      isnavbarleft: false,
      isnavbarexpanded: true,
      darkMode: true,
      language: 'de',
    });
    expect(darker.json().user.themecolors.primarycolor).toBe('#aa0000');
  });

  it('rejects a bad colour or language with 422 and stores nothing', async () => {
    const client = await server.loggedIn('jo@example.com');
    const before = (await client.get('/api/logged-in-user')).json();
    const response = await client.patch('/api/update-user', {
      name: 'Changed',
      themecolors: { maincolor: 'blue' },
      siteparams: { language: 'xx' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'siteparams.language',
      'themecolors.maincolor',
    ]);
    expect((await client.get('/api/logged-in-user')).json()).toEqual(before);
  });

  it('resets verification when the email changes and refuses a taken one', async () => {
    const client = await server.loggedIn('jo@example.com');
    const taken = await client.patch('/api/update-user', { email: ADMIN.email });
    expect(taken.statusCode).toBe(422);
    const moved = await client.patch('/api/update-user', { email: 'Jo.New@Example.com' });
    expect(moved.json().user.email).toBe('jo.new@example.com');
    expect(moved.json().user.email_verified_at).toBeNull();
    await client.patch('/api/update-user', { email: 'jo@example.com' });
  });

  it('lists names for any user and full details for admins only', async () => {
    const jo = await server.loggedIn('jo@example.com');
    const names = (await jo.get('/api/users')).json();
    expect(names.map((u: { name: string }) => u.name).sort()).toEqual(['Ada Admin', 'Jo']);
    expect(Object.keys(names[0]).sort()).toEqual(['id', 'name', 'picture']);
    expect((await jo.get('/api/admin-users')).statusCode).toBe(403);
    const admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    const users = (await admin.get('/api/admin-users')).json();
    expect(users[0]).toHaveProperty('last_login_at');
    expect(users[0]).not.toHaveProperty('password_hash');
  });

  it('lets an admin grant a permission that takes effect at once', async () => {
    const admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    const jo = await server.loggedIn('jo@example.com');
    const joId = (await jo.get('/api/logged-in-user')).json().id;
    const granted = await admin.patch(`/api/admin-users/${joId}`, {
      permissions: ['content.edit', 'content.edit'],
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().user.permissions).toEqual(['content.edit']);
    expect((await jo.get('/api/logged-in-user')).json().permissions).toEqual(['content.edit']);
    const unknown = await admin.patch(`/api/admin-users/${joId}`, { permissions: ['root'] });
    expect(unknown.statusCode).toBe(422);
    expect((await admin.patch('/api/admin-users/99999', { active: true })).statusCode).toBe(404);
    expect((await admin.patch('/api/admin-users/abc', { active: true })).statusCode).toBe(422);
  });

  it('never lets the last admin lose admin or be deactivated', async () => {
    const admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    const adminId = (await admin.get('/api/logged-in-user')).json().id;
    const demote = await admin.patch(`/api/admin-users/${adminId}`, { permissions: [] });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors).toHaveProperty('permissions');
    const deactivate = await admin.patch(`/api/admin-users/${adminId}`, { active: false });
    expect(deactivate.statusCode).toBe(422);
    expect((await admin.get('/api/logged-in-user')).json().permissions).toEqual(['admin']);

    const second = await server.createUser({
      email: 'second-admin@example.com',
      permissions: ['admin'],
    });
    const results = await Promise.all([
      admin.patch(`/api/admin-users/${adminId}`, { permissions: [] }),
      admin.patch(`/api/admin-users/${second.id}`, { permissions: [] }),
    ]);
    // One demotion wins. The other is refused: 422 when it is checked against the last admin, or
    // 403 when the admin already demoted themself before its permission check ran.
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 422]).toContain(codes[1]);
    const admins = (await server.ctx.db.selectFrom('users').select('permissions').execute()).filter(
      (u) => u.permissions.includes('"admin"'),
    );
    expect(admins).toHaveLength(1);
  });
});
