import { routePath } from '@kinfolio/contract';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';

/** What the test provider says about the next person who logs in. */
let nextClaims: Record<string, unknown> = {};

async function startProvider() {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, nextClaims);
  });
  return provider;
}

describe('social login through an OpenID Connect provider', () => {
  let provider: OAuth2Server;
  let server: TestServer;

  beforeAll(async () => {
    provider = await startProvider();
    server = await createTestServer({
      env: {
        OIDC_ISSUER: provider.issuer.url!,
        OIDC_CLIENT_ID: 'kinfolio',
        OIDC_CLIENT_SECRET: 'kinfolio-secret',
        OIDC_NAME: 'Family ID',
      },
    });
    await server.createUser({ email: 'ada@example.com', name: 'Ada' });
  });
  afterAll(async () => {
    await server.close();
    await provider.stop();
  });
  beforeEach(() => {
    nextClaims = {};
  });

  /** The browser's round trip: to the provider (which consents at once) and back. */
  async function roundTrip(
    client: TestClient,
    options: { state?: string; remember?: boolean } = {},
  ) {
    const start = await client.get(
      routePath('authLogin', {
        params: { provider: 'oidc' },
        query: { remember: options.remember ? '1' : undefined },
      }),
    );
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    const consent = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(back.pathname).toBe('/api/auth/callback/oidc');
    if (options.state) back.searchParams.set('state', options.state);
    return client.get(`${back.pathname}${back.search}`);
  }

  it('lists the configured providers for the login form', async () => {
    const listed = await server.client().get(routePath('authProviders'));
    expect(listed.json()).toEqual([{ id: 'oidc', name: 'Family ID' }]);
  });

  it('links an existing account by verified e-mail on the first login, then logs in by subject', async () => {
    nextClaims = { sub: 'ada-1', email: 'Ada@Example.com', email_verified: true };
    const browser = server.client();
    const done = await roundTrip(browser, { remember: true });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/?social_login=1');
    const me = await browser.get(routePath('loggedInUser'));
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('ada@example.com');
    // A remembered session, like the password form's "remember me".
    const session = (done.cookies as { name: string; maxAge?: number }[]).find(
      (c) => c.name === 'kinfolio_session',
    );
    expect(session?.maxAge).toBeGreaterThan(24 * 60 * 60);
    const row = await server.ctx.db
      .selectFrom('users')
      .select('last_login_at')
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).not.toBeNull();

    // Later logins find the account by the provider's subject, whatever the address says now.
    nextClaims = { sub: 'ada-1', email: 'ada.new@example.com', email_verified: false };
    const again = server.client();
    expect((await roundTrip(again)).headers.location).toBe('/?social_login=1');
    expect((await again.get(routePath('loggedInUser'))).json().name).toBe('Ada');
    const linked = (await again.get(routePath('linkedIdentities'))).json();
    expect(linked.has_password).toBe(true);
    expect(linked.identities).toMatchObject([{ provider: 'oidc', provider_name: 'Family ID' }]);
  });

  it('refuses an unknown person while registration is off, and an unverified address', async () => {
    nextClaims = { sub: 'stranger', email: 'stranger@example.com', email_verified: true };
    const stranger = server.client();
    expect((await roundTrip(stranger)).headers.location).toBe('/?login_error=no_account');
    expect((await stranger.get(routePath('loggedInUser'))).statusCode).toBe(401);
    const users = await server.ctx.db.selectFrom('users').select('email').execute();
    expect(users.map((u) => u.email)).not.toContain('stranger@example.com');

    nextClaims = { sub: 'liar', email: 'ada@example.com', email_verified: false };
    const liar = server.client();
    expect((await roundTrip(liar)).headers.location).toBe('/?login_error=unverified');
    expect((await liar.get(routePath('loggedInUser'))).statusCode).toBe(401);
  });

  it('signs a new person up when registration is on', async () => {
    await server.ctx.db
      .insertInto('settings')
      .values({ key: 'registration_enabled', value: 'true' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'true' }))
      .execute();
    nextClaims = { sub: 'newbie', email: 'newbie@example.com', email_verified: true, name: 'Nina' };
    const browser = server.client();
    expect((await roundTrip(browser)).headers.location).toBe('/?social_login=1');
    const me = (await browser.get(routePath('loggedInUser'))).json();
    expect(me).toMatchObject({ name: 'Nina', email: 'newbie@example.com', permissions: [] });
    expect(me.email_verified_at).not.toBeNull();
    await server.ctx.db
      .updateTable('settings')
      .set({ value: 'false' })
      .where('key', '=', 'registration_enabled')
      .execute();
  });

  it('refuses a tampered or missing state, a foreign flow and denied consent', async () => {
    nextClaims = { sub: 'ada-1', email: 'ada@example.com', email_verified: true };
    const tampered = server.client();
    expect((await roundTrip(tampered, { state: 'forged' })).headers.location).toBe(
      '/?login_error=state',
    );
    expect((await tampered.get(routePath('loggedInUser'))).statusCode).toBe(401);

    // A callback in a browser that never started the flow (no flow cookie).
    const start = await server
      .client()
      .get(routePath('authLogin', { params: { provider: 'oidc' } }));
    const consent = await fetch(new URL(start.headers.location!), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const other = server.client();
    const foreign = await other.get(`${back.pathname}${back.search}`);
    expect(foreign.headers.location).toBe('/?login_error=state');
    expect((await other.get(routePath('loggedInUser'))).statusCode).toBe(401);

    const denied = await server
      .client()
      .get(`${routePath('authCallback', { params: { provider: 'oidc' } })}?error=access_denied`);
    expect(denied.headers.location).toBe('/?login_error=denied');
    expect(
      (await server.client().get(routePath('authLogin', { params: { provider: 'nope' } })))
        .statusCode,
    ).toBe(404);
  });

  it('unlinks a provider, but never the last way to log in', async () => {
    const ada = await server.loggedIn('ada@example.com');
    const list = (await ada.get(routePath('linkedIdentities'))).json();
    const id = list.identities[0].id as number;
    // Nina has no password: her only provider stays.
    nextClaims = { sub: 'newbie', email: 'newbie@example.com', email_verified: true };
    const nina = server.client();
    await roundTrip(nina);
    const hers = (await nina.get(routePath('linkedIdentities'))).json();
    expect(hers.has_password).toBe(false);
    const refused = await nina.delete(
      routePath('unlinkIdentity', { params: { id: hers.identities[0].id } }),
    );
    expect(refused.statusCode).toBe(422);
    // Nobody unlinks someone else's.
    expect((await nina.delete(routePath('unlinkIdentity', { params: { id } }))).statusCode).toBe(
      404,
    );
    const unlinked = await ada.delete(routePath('unlinkIdentity', { params: { id } }));
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().identities).toEqual([]);
    expect((await server.client().get(routePath('linkedIdentities'))).statusCode).toBe(401);
  });

  it('sends the browser back to the login form when the provider is down', async () => {
    const down = await createTestServer({
      env: {
        OIDC_ISSUER: 'http://127.0.0.1:9/',
        OIDC_CLIENT_ID: 'x',
        OIDC_CLIENT_SECRET: 'y',
      },
    });
    try {
      const response = await down
        .client()
        .get(routePath('authLogin', { params: { provider: 'oidc' } }));
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/?login_error=provider');
    } finally {
      await down.close();
    }
  });
});
