import {
  ITEM_TYPES,
  PERMISSIONS,
  buildPath,
  itemRoutes,
  routes,
  type Permission,
  type RouteDef,
} from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client.js';
import { ADMIN, createTestServer, type TestServer } from '../test/server.js';

const allRoutes = Object.entries(routes) as [string, RouteDef][];
const SESSION_ENDING = new Set<string>([routes.logout.path, routes.changePassword.path]);
const permissionRoutes = allRoutes.filter(
  (entry): entry is [string, RouteDef & { access: Permission }] =>
    entry[1].access !== 'public' && entry[1].access !== 'auth',
);
const trashRoutes = allRoutes.filter(([, route]) => route.trashAccess);
/** Every permission but admin, which grants them all. */
const GRANTS = PERMISSIONS.filter((permission) => permission !== 'admin');

function pathOf(route: RouteDef) {
  return buildPath(route.path, {
    id: 1,
    item_id: 1,
    hash: 'x',
    kind: 'profile',
    size: 'small',
    provider: 'oidc',
    token: 'x',
    fileId: 1,
  });
}

/** Allowed: neither unauthenticated nor forbidden, and no server error. */
function expectAllowed(status: number, body: string, label: string) {
  expect(status, label).not.toBe(401);
  expect(status, label).toBeLessThan(500);
  if (status === 403) expect(body, label).not.toContain('permission to access');
}

describe('permission matrix over the whole route table', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    await server.createAdmin();
    await server.createUser({ email: 'plain@example.com' });
    // For each permission a user holding only it, and one holding all the others but admin
    // (which grants everything).
    for (const permission of PERMISSIONS) {
      await server.createUser({
        email: `only-${permission}@example.com`,
        permissions: [permission],
      });
      await server.createUser({
        email: `all-but-${permission}@example.com`,
        permissions: GRANTS.filter((other) => other !== permission),
      });
    }
  });
  afterAll(() => server.close());

  // Logging in costs a password hash: clients are reused, except for the routes that end the
  // session (logout, password change), which get a fresh one.
  const reused = new Map<string, TestClient>();
  async function login(who: 'user' | 'admin') {
    return who === 'admin'
      ? server.loggedIn(ADMIN.email, ADMIN.password)
      : server.loggedIn('plain@example.com');
  }
  async function as(who: 'anonymous' | 'user' | 'admin', route?: RouteDef): Promise<TestClient> {
    if (who === 'anonymous') return server.client();
    if (route && SESSION_ENDING.has(route.path)) return login(who);
    let client = reused.get(who);
    if (!client) reused.set(who, (client = await login(who)));
    return client;
  }

  it.each(allRoutes)('%s: anonymous callers get 401 unless public', async (_name, route) => {
    const client = await as('anonymous');
    const response = await client.send(
      route.method,
      pathOf(route),
      route.method === 'GET' ? undefined : {},
    );
    if (route.access === 'public') expectAllowed(response.statusCode, response.body, route.path);
    else expect(response.statusCode, route.path).toBe(401);
  });

  it.each(allRoutes)(
    '%s: a user without permissions gets 403 where one is needed',
    async (_name, route) => {
      const client = await as('user', route);
      const response = await client.send(
        route.method,
        pathOf(route),
        route.method === 'GET' ? undefined : {},
      );
      if (route.access === 'public' || route.access === 'auth') {
        expectAllowed(response.statusCode, response.body, route.path);
      } else {
        expect(response.statusCode, route.path).toBe(403);
      }
    },
  );

  const holders = new Map<string, TestClient>();
  async function holding(email: string) {
    let client = holders.get(email);
    if (!client) holders.set(email, (client = await server.loggedIn(email)));
    return client;
  }
  const allowedBody = (route: RouteDef) => (route.method === 'GET' ? undefined : {});

  // Exact names: the route's permission and nothing else lets a user in.
  it.each(permissionRoutes.filter(([, route]) => !SESSION_ENDING.has(route.path)))(
    '%s: holding every other permission gets 403, holding only its own is allowed',
    async (_name, route) => {
      const others = await holding(`all-but-${route.access}@example.com`);
      const refused = await others.send(route.method, pathOf(route), allowedBody(route));
      expect(refused.statusCode, route.path).toBe(403);
      const own = await holding(`only-${route.access}@example.com`);
      const allowed = await own.send(route.method, pathOf(route), allowedBody(route));
      expectAllowed(allowed.statusCode, allowed.body, route.path);
    },
  );

  // A bulk route lets its own permission edit, but moving entries in or out of the trash
  // through it needs what moving one entry needs.
  it.each(trashRoutes)(
    '%s: trash and restore through it need its trashAccess too',
    async (_name, route) => {
      const needs = [route.access, route.trashAccess] as Permission[];
      const editorEmail = `bulk-${route.access}@example.com`;
      const eraserEmail = `bulk-${needs.join('-')}@example.com`;
      if (!holders.has(editorEmail)) {
        await server.createUser({ email: editorEmail, permissions: [route.access as Permission] });
        await server.createUser({ email: eraserEmail, permissions: needs });
      }
      for (const action of ['trash', 'restore']) {
        const body = { action, ids: [1] };
        const editor = await holding(editorEmail);
        const refused = await editor.send(route.method, pathOf(route), body);
        expect(refused.statusCode, `${action} ${route.path}`).toBe(403);
        const eraser = await holding(eraserEmail);
        const allowed = await eraser.send(route.method, pathOf(route), body);
        expectAllowed(allowed.statusCode, allowed.body, `${action} ${route.path}`);
      }
    },
  );

  it('the trash is content.delete: one entry or many, items of every type and records', () => {
    const single = [
      ...ITEM_TYPES.flatMap((type) => [itemRoutes[type].delete, itemRoutes[type].restore]),
      routes.recordDelete,
      routes.recordRestore,
    ];
    for (const route of single) expect(route.access, route.path).toBe('content.delete');
    const bulk = [...ITEM_TYPES.map((type) => itemRoutes[type].bulk), routes.recordBulk];
    for (const route of bulk) expect(route.trashAccess, route.path).toBe('content.delete');
    expect(trashRoutes.map(([, route]) => route.path).sort()).toEqual(
      bulk.map((route) => route.path).sort(),
    );
  });

  it.each(allRoutes)('%s: an admin is allowed', async (_name, route) => {
    const client = await as('admin', route);
    const response = await client.send(
      route.method,
      pathOf(route),
      route.method === 'GET' ? undefined : {},
    );
    expectAllowed(response.statusCode, response.body, route.path);
  });

  it.each(allRoutes.filter(([, route]) => route.method !== 'GET'))(
    '%s: without the X-XSRF-TOKEN header it is 419',
    async (_name, route) => {
      const client = await as('admin', route);
      const response = await client.send(route.method, pathOf(route), {}, { xsrf: false });
      expect(response.statusCode, route.path).toBe(419);
    },
  );

  it('registers every route of the table (routes outside it are refused at start-up)', () => {
    for (const [, route] of allRoutes) {
      expect(server.app.hasRoute({ method: route.method, url: route.path }), route.path).toBe(true);
    }
  });
});
