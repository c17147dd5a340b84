import { buildPath, routes, type RouteDef } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client.js';
import { ADMIN, createTestServer, type TestServer } from '../test/server.js';

const allRoutes = Object.entries(routes) as [string, RouteDef][];
const SESSION_ENDING = new Set<string>([routes.logout.path, routes.changePassword.path]);

function pathOf(route: RouteDef) {
  return buildPath(route.path, {
    id: 1,
    hash: 'x',
    kind: 'profile',
    size: 'small',
    provider: 'oidc',
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
