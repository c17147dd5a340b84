import { routePath } from '@kinfolio/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import {
  fakes,
  githubConsent,
  GITHUB_CLIENT,
  GOOGLE_DISCOVERY,
  internet,
  MICROSOFT_DISCOVERY,
  startFakeProviders,
} from '../../test/social-providers.js';

/**
 * Google, Microsoft and GitHub as configured in production, their public addresses answered by
 * in-process fakes (test/social-providers.ts) through a replaced fetch: no test switch in the code.
 */
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const OTHER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

describe('social login with Google, Microsoft and GitHub', () => {
  let server: TestServer;
  let stopFakes: () => Promise<void>;

  beforeAll(async () => {
    stopFakes = await startFakeProviders();
    vi.stubGlobal('fetch', internet);
    server = await createTestServer({
      env: {
        GOOGLE_CLIENT_ID: 'google-client',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        MICROSOFT_CLIENT_ID: 'microsoft-client',
        MICROSOFT_CLIENT_SECRET: 'microsoft-secret',
        GITHUB_CLIENT_ID: GITHUB_CLIENT.id,
        GITHUB_CLIENT_SECRET: GITHUB_CLIENT.secret,
      },
    });
    await server.createUser({ email: 'ada@example.com', name: 'Ada' });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await server.close();
    await stopFakes();
  });
  beforeEach(() => {
    fakes.claims = {};
    fakes.githubEmailsForbidden = false;
  });

  async function start(client: TestClient, provider: string) {
    const response = await client.get(routePath('authLogin', { params: { provider } }));
    expect(response.statusCode).toBe(302);
    return new URL(response.headers.location!);
  }

  /** Through an OpenID Connect provider's (mocked) authorisation endpoint and back. */
  async function oidcRoundTrip(client: TestClient, provider: 'google' | 'microsoft') {
    const authorize = await start(client, provider);
    const consent = await internet(authorize, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(back.pathname).toBe(`/api/auth/callback/${provider}`);
    return client.get(`${back.pathname}${back.search}`);
  }

  async function githubRoundTrip(client: TestClient, tamper?: (back: URL) => void) {
    const back = githubConsent(await start(client, 'github'));
    tamper?.(back);
    return client.get(`${back.pathname}${back.search}`);
  }

  const whoIs = async (client: TestClient) => {
    const me = await client.get(routePath('loggedInUser'));
    return me.statusCode === 200 ? (me.json() as { email: string; name: string }) : null;
  };

  it('lists the three providers for the login form', async () => {
    const listed = await server.client().get(routePath('authProviders'));
    expect(listed.json()).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'github', name: 'GitHub' },
      { id: 'microsoft', name: 'Microsoft' },
    ]);
  });

  describe('Google', () => {
    it('sends the browser to Google with state, nonce and PKCE', async () => {
      const authorize = await start(server.client(), 'google');
      expect(`${authorize.origin}${authorize.pathname}`).toBe(
        GOOGLE_DISCOVERY.authorization_endpoint,
      );
      const q = authorize.searchParams;
      expect(q.get('client_id')).toBe('google-client');
      expect(q.get('redirect_uri')).toBe('http://kinfolio.test/api/auth/callback/google');
      expect(q.get('response_type')).toBe('code');
      expect(q.get('scope')).toBe('openid email profile');
      expect(q.get('code_challenge_method')).toBe('S256');
      for (const key of ['state', 'nonce', 'code_challenge']) expect(q.get(key)).toBeTruthy();
    });

    it('links an account by the verified address, then refuses an unverified one', async () => {
      fakes.claims = {
        iss: 'https://accounts.google.com',
        sub: '110169484474386276334',
        email: 'Ada@example.com',
        email_verified: true,
        name: 'Ada L.',
      };
      const browser = server.client();
      expect((await oidcRoundTrip(browser, 'google')).headers.location).toBe('/?social_login=1');
      expect(await whoIs(browser)).toMatchObject({ email: 'ada@example.com', name: 'Ada' });

      fakes.claims = {
        iss: 'https://accounts.google.com',
        sub: '1',
        email: 'ada@example.com',
        email_verified: false,
      };
      const other = server.client();
      expect((await oidcRoundTrip(other, 'google')).headers.location).toBe(
        '/?login_error=unverified',
      );
      expect(await whoIs(other)).toBeNull();
    });

    it('refuses an ID token from another issuer', async () => {
      fakes.claims = {
        iss: 'https://evil.example.com',
        sub: '110169484474386276334',
        email: 'ada@example.com',
        email_verified: true,
      };
      const browser = server.client();
      expect((await oidcRoundTrip(browser, 'google')).headers.location).toBe(
        '/?login_error=provider',
      );
      expect(await whoIs(browser)).toBeNull();
    });
  });

  describe('Microsoft (tenant common)', () => {
    const issuerOf = (tenant: string) => `https://login.microsoftonline.com/${tenant}/v2.0`;

    it('accepts the token whose issuer is the template filled with its own tenant id', async () => {
      const authorize = await start(server.client(), 'microsoft');
      expect(`${authorize.origin}${authorize.pathname}`).toBe(
        MICROSOFT_DISCOVERY.authorization_endpoint,
      );
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

      fakes.claims = {
        iss: issuerOf(TENANT),
        tid: TENANT,
        sub: 'ms-ada',
        email: 'ada@example.com',
        xms_edov: true,
      };
      const browser = server.client();
      expect((await oidcRoundTrip(browser, 'microsoft')).headers.location).toBe('/?social_login=1');
      expect((await whoIs(browser))?.email).toBe('ada@example.com');
    });

    it('refuses a token whose issuer names another tenant than its tid, or has no tid', async () => {
      fakes.claims = {
        iss: issuerOf(OTHER_TENANT),
        tid: TENANT,
        sub: 'ms-ada',
        email: 'ada@example.com',
        xms_edov: true,
      };
      const mismatch = server.client();
      expect((await oidcRoundTrip(mismatch, 'microsoft')).headers.location).toBe(
        '/?login_error=provider',
      );
      expect(await whoIs(mismatch)).toBeNull();

      fakes.claims = {
        iss: MICROSOFT_DISCOVERY.issuer,
        sub: 'ms-ada',
        email: 'ada@example.com',
        xms_edov: true,
      };
      const template = server.client();
      expect((await oidcRoundTrip(template, 'microsoft')).headers.location).toBe(
        '/?login_error=provider',
      );
    });

    it('needs the domain-verified flag (xms_edov) to link by e-mail', async () => {
      fakes.claims = {
        iss: issuerOf(OTHER_TENANT),
        tid: OTHER_TENANT,
        sub: 'ms-new',
        email: 'ada@example.com',
      };
      const browser = server.client();
      expect((await oidcRoundTrip(browser, 'microsoft')).headers.location).toBe(
        '/?login_error=unverified',
      );
      expect(await whoIs(browser)).toBeNull();
    });
  });

  describe('GitHub (OAuth 2 and its REST API)', () => {
    it('sends the browser to GitHub with its scopes, state and PKCE', async () => {
      const authorize = await start(server.client(), 'github');
      expect(`${authorize.origin}${authorize.pathname}`).toBe(
        'https://github.com/login/oauth/authorize',
      );
      const q = authorize.searchParams;
      expect(q.get('client_id')).toBe(GITHUB_CLIENT.id);
      expect(q.get('redirect_uri')).toBe('http://kinfolio.test/api/auth/callback/github');
      expect(q.get('response_type')).toBe('code');
      expect(q.get('scope')).toBe('read:user user:email');
      expect(q.get('code_challenge_method')).toBe('S256');
      expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(q.get('state')).toBeTruthy();
      // No OpenID Connect here: no nonce.
      expect(q.has('nonce')).toBe(false);
    });

    it('logs in by the verified primary address, then by the GitHub user id', async () => {
      fakes.githubUser = {
        id: 583231,
        login: 'ada-gh',
        name: null,
        emails: [
          { email: 'ada@users.noreply.github.com', primary: false, verified: true },
          { email: 'ADA@example.com', primary: true, verified: true },
        ],
      };
      const browser = server.client();
      expect((await githubRoundTrip(browser)).headers.location).toBe('/?social_login=1');
      expect((await whoIs(browser))?.email).toBe('ada@example.com');
      const linked = (await browser.get(routePath('linkedIdentities'))).json();
      expect(linked.identities).toContainEqual(
        expect.objectContaining({
          provider: 'github',
          provider_name: 'GitHub',
          email: 'ada@example.com',
        }),
      );
      const row = await server.ctx.db
        .selectFrom('user_identities')
        .select('subject')
        .where('provider', '=', 'github')
        .executeTakeFirstOrThrow();
      expect(row.subject).toBe('583231');

      // The same GitHub user later, whatever its addresses say now.
      fakes.githubUser = {
        ...fakes.githubUser,
        emails: [{ email: 'x@example.org', primary: true, verified: false }],
      };
      const again = server.client();
      expect((await githubRoundTrip(again)).headers.location).toBe('/?social_login=1');
      expect((await whoIs(again))?.email).toBe('ada@example.com');
    });

    it('refuses an unverified primary address with no other verified one', async () => {
      fakes.githubUser = {
        id: 999,
        login: 'liar',
        name: 'Liar',
        emails: [
          { email: 'ada@example.com', primary: true, verified: false },
          { email: 'liar@example.com', primary: false, verified: false },
        ],
      };
      const browser = server.client();
      expect((await githubRoundTrip(browser)).headers.location).toBe('/?login_error=unverified');
      expect(await whoIs(browser)).toBeNull();
    });

    it('signs up with the GitHub login as the name when registration is on', async () => {
      await server.ctx.db
        .insertInto('settings')
        .values({ key: 'registration_enabled', value: 'true' })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'true' }))
        .execute();
      try {
        fakes.githubUser = {
          id: 4242,
          login: 'octo-nina',
          name: null,
          emails: [{ email: 'nina@example.com', primary: true, verified: true }],
        };
        const browser = server.client();
        expect((await githubRoundTrip(browser)).headers.location).toBe('/?social_login=1');
        expect(await whoIs(browser)).toMatchObject({
          email: 'nina@example.com',
          name: 'octo-nina',
        });
      } finally {
        await server.ctx.db
          .updateTable('settings')
          .set({ value: 'false' })
          .where('key', '=', 'registration_enabled')
          .execute();
      }
    });

    it('refuses a tampered state, a bad code and a token without the e-mail scope', async () => {
      fakes.githubUser = {
        id: 583231,
        login: 'ada-gh',
        name: 'Ada',
        emails: [{ email: 'ada@example.com', primary: true, verified: true }],
      };
      const tampered = server.client();
      const forged = await githubRoundTrip(tampered, (back) => back.searchParams.set('state', 'x'));
      expect(forged.headers.location).toBe('/?login_error=state');

      const badCode = server.client();
      const refused = await githubRoundTrip(badCode, (back) =>
        back.searchParams.set('code', 'nope'),
      );
      expect(refused.headers.location).toBe('/?login_error=provider');
      expect(await whoIs(badCode)).toBeNull();

      fakes.githubEmailsForbidden = true;
      const noScope = server.client();
      expect((await githubRoundTrip(noScope)).headers.location).toBe('/?login_error=provider');
      expect(await whoIs(noScope)).toBeNull();
    });

    it('comes back with "denied" when the user refuses on GitHub', async () => {
      const browser = server.client();
      const authorize = await start(browser, 'github');
      const back = new URL(authorize.searchParams.get('redirect_uri')!);
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('state', authorize.searchParams.get('state')!);
      const response = await browser.get(`${back.pathname}${back.search}`);
      expect(response.headers.location).toBe('/?login_error=denied');
    });
  });
});
