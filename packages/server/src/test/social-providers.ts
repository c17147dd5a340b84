import { createHash, randomBytes } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * Test support for social login: Google, Microsoft and GitHub exactly as configured in production (their public addresses, no
 * test switch in the code): the process's fetch is replaced by a small "internet" that answers
 * those addresses from in-process fakes. Google and Microsoft sign their ID tokens with
 * oauth2-mock-server behind their own discovery documents; GitHub is a hand-written fake of its
 * OAuth 2 and REST endpoints.
 */
const realFetch = globalThis.fetch;

let mock: OAuth2Server | undefined;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Google's discovery document, trimmed to what a client reads (same hosts and paths). */
export const GOOGLE_DISCOVERY = {
  issuer: 'https://accounts.google.com',
  authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  token_endpoint: 'https://oauth2.googleapis.com/token',
  userinfo_endpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
  jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
  response_types_supported: ['code', 'token', 'id_token', 'code id_token', 'none'],
  subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'],
  scopes_supported: ['openid', 'email', 'profile'],
  token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
  code_challenge_methods_supported: ['plain', 'S256'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
};

/** Microsoft's multi-tenant (`common`) document: the issuer is a template for the token's `tid`. */
export const MICROSOFT_DISCOVERY = {
  issuer: 'https://login.microsoftonline.com/{tenantid}/v2.0',
  authorization_endpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
  token_endpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
  jwks_uri: 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
  response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
  subject_types_supported: ['pairwise'],
  id_token_signing_alg_values_supported: ['RS256'],
  scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
  token_endpoint_auth_methods_supported: [
    'client_secret_post',
    'private_key_jwt',
    'client_secret_basic',
  ],
  claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'name', 'email', 'tid'],
};

/** Public addresses served by oauth2-mock-server's endpoints. */
const MOCKED: Record<string, string> = {
  'https://accounts.google.com/o/oauth2/v2/auth': '/authorize',
  'https://oauth2.googleapis.com/token': '/token',
  'https://www.googleapis.com/oauth2/v3/certs': '/jwks',
  'https://login.microsoftonline.com/common/oauth2/v2.0/authorize': '/authorize',
  'https://login.microsoftonline.com/common/oauth2/v2.0/token': '/token',
  'https://login.microsoftonline.com/common/discovery/v2.0/keys': '/jwks',
};

// ---------------------------------------------------------------------------------------------
// GitHub: authorize (the test consents in the user's place), token exchange, /user, /user/emails.

export interface GithubAccount {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}
export const GITHUB_CLIENT = { id: 'gh-client', secret: 'gh-secret' };
/** What the fakes say about the next person who logs in; tests set it before each round trip. */
export const fakes: {
  /** Claims the OpenID Connect server puts in the next tokens. */
  claims: Record<string, unknown>;
  /** The GitHub account that consents next. */
  githubUser: GithubAccount;
  /** /user/emails answers like a token without the user:email scope. */
  githubEmailsForbidden: boolean;
} = {
  claims: {},
  githubUser: { id: 1, login: 'nobody', name: null, emails: [] },
  githubEmailsForbidden: false,
};
const githubCodes = new Map<
  string,
  { account: GithubAccount; challenge: string; redirectUri: string; clientId: string }
>();
const githubTokens = new Map<string, GithubAccount>();

/** The user consents on GitHub's page: GitHub redirects to the callback with a code. */
export function githubConsent(authorize: URL): URL {
  const q = authorize.searchParams;
  const code = randomBytes(10).toString('hex');
  githubCodes.set(code, {
    account: fakes.githubUser,
    challenge: q.get('code_challenge') ?? '',
    redirectUri: q.get('redirect_uri') ?? '',
    clientId: q.get('client_id') ?? '',
  });
  const back = new URL(q.get('redirect_uri')!);
  back.searchParams.set('code', code);
  back.searchParams.set('state', q.get('state') ?? '');
  return back;
}

function githubToken(body: URLSearchParams, accept: string): Response {
  const grant = githubCodes.get(body.get('code') ?? '');
  githubCodes.delete(body.get('code') ?? '');
  const verifier = body.get('code_verifier') ?? '';
  const fine =
    grant &&
    body.get('client_id') === GITHUB_CLIENT.id &&
    grant.clientId === GITHUB_CLIENT.id &&
    body.get('client_secret') === GITHUB_CLIENT.secret &&
    body.get('redirect_uri') === grant.redirectUri &&
    createHash('sha256').update(verifier).digest('base64url') === grant.challenge;
  // GitHub answers a bad code with 200 and an error body.
  const answer: Record<string, string> = fine
    ? {
        access_token: `gho_${randomBytes(8).toString('hex')}`,
        token_type: 'bearer',
        scope: 'read:user,user:email',
      }
    : {
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
      };
  if (fine) githubTokens.set(answer.access_token!, grant.account);
  if (!accept.includes('application/json')) {
    return new Response(new URLSearchParams(answer).toString(), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  return json(answer);
}

function githubApi(url: URL, headers: Headers): Response {
  const token = /^Bearer (.+)$/i.exec(headers.get('authorization') ?? '')?.[1] ?? '';
  const account = githubTokens.get(token);
  if (!account) return json({ message: 'Bad credentials' }, 401);
  if (url.pathname === '/user') {
    return json({ id: account.id, login: account.login, name: account.name, email: null });
  }
  if (url.pathname === '/user/emails') {
    if (fakes.githubEmailsForbidden) return json({ message: 'Resource not accessible' }, 403);
    return json(account.emails.map((e) => ({ ...e, visibility: e.primary ? 'private' : null })));
  }
  return json({ message: 'Not Found' }, 404);
}

/** The replaced fetch: the providers' public addresses, and nothing else. */
export async function internet(
  input: string | URL | Request,
  init?: RequestInit,
): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const address = `${url.origin}${url.pathname}`;
  if (address === 'https://accounts.google.com/.well-known/openid-configuration') {
    return json(GOOGLE_DISCOVERY);
  }
  if (
    address === 'https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration'
  ) {
    return json(MICROSOFT_DISCOVERY);
  }
  const mocked = MOCKED[address];
  if (mocked) {
    if (!mock) throw new TypeError('fetch failed: fake providers not started');
    const target = new URL(`${mock.issuer.url!}${mocked}${url.search}`);
    return realFetch(new Request(target, request));
  }
  if (address === 'https://github.com/login/oauth/access_token' && request.method === 'POST') {
    return githubToken(
      new URLSearchParams(await request.text()),
      request.headers.get('accept') ?? '',
    );
  }
  if (url.origin === 'https://api.github.com') return githubApi(url, request.headers);
  throw new TypeError(`fetch failed: no network in tests (${request.url})`);
}

/** Starts the OpenID Connect server behind Google's and Microsoft's addresses; returns its stop. */
export async function startFakeProviders(): Promise<() => Promise<void>> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, fakes.claims);
  });
  mock = server;
  return async () => {
    mock = undefined;
    await server.stop();
  };
}
