import type { AuthProviderId } from '@kinfolio/contract';
import * as oidc from 'openid-client';
import type { SocialLoginConfig } from '../../config.js';

/** Who the provider says logged in. `emailVerified` false: the address cannot link or sign up. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** What the browser's round trip must bring back unchanged, kept in a sealed cookie. */
export interface FlowSecrets {
  state: string;
  verifier: string;
  nonce?: string;
}

export interface SocialProvider {
  id: AuthProviderId;
  name: string;
  /** The provider's authorisation address for a new flow, with the secrets to check its return. */
  begin(redirectUri: string): Promise<{ url: URL; secrets: FlowSecrets }>;
  /** Exchanges the returned code (PKCE, state and nonce checked) for the identity. */
  finish(callbackUrl: URL, secrets: FlowSecrets): Promise<ProviderIdentity>;
}

/** Plain HTTP only for an issuer on this machine (the test server); anything else needs TLS. */
function isLocal(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

const GITHUB_METADATA: oidc.ServerMetadata = {
  issuer: 'https://github.com',
  authorization_endpoint: 'https://github.com/login/oauth/authorize',
  token_endpoint: 'https://github.com/login/oauth/access_token',
};

/** OpenID Connect: the ID token's claims say who it is and whether the address is verified. */
function oidcProvider(config: SocialLoginConfig): SocialProvider {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    const issuer = new URL(config.issuer!);
    discovered ??= oidc
      .discovery(
        issuer,
        config.clientId,
        config.clientSecret,
        undefined,
        isLocal(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        // Not kept: the provider may be back for the next attempt.
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  return {
    id: config.id,
    name: config.name,
    async begin(redirectUri) {
      const settings = await configuration();
      const secrets = {
        state: oidc.randomState(),
        verifier: oidc.randomPKCECodeVerifier(),
        nonce: oidc.randomNonce(),
      };
      const url = oidc.buildAuthorizationUrl(settings, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(secrets.verifier),
        code_challenge_method: 'S256',
        state: secrets.state,
        nonce: secrets.nonce,
      });
      return { url, secrets };
    },
    async finish(callbackUrl, secrets) {
      const settings = await configuration();
      const tokens = await oidc.authorizationCodeGrant(settings, callbackUrl, {
        pkceCodeVerifier: secrets.verifier,
        expectedState: secrets.state,
        expectedNonce: secrets.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
      // Microsoft sends no email_verified; its `xms_edov` says the domain owner verified it.
      const verified = claims.email_verified === true || claims.xms_edov === true;
      return {
        subject: claims.sub,
        email,
        emailVerified: Boolean(email) && verified,
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
}

interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** GitHub speaks OAuth 2 without OpenID Connect: the user and verified e-mails APIs say who. */
function githubProvider(config: SocialLoginConfig): SocialProvider {
  const settings = new oidc.Configuration(GITHUB_METADATA, config.clientId, config.clientSecret);
  const api = async <T>(path: string, token: string): Promise<T> => {
    const response = await fetch(`https://api.github.com${path}`, {
      // Like openid-client's own requests: a provider that hangs fails the login, not the server.
      signal: AbortSignal.timeout(30_000),
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/vnd.github+json',
        'User-Agent': 'Kinfolio',
      },
    });
    if (!response.ok) throw new Error(`GitHub ${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    id: config.id,
    name: config.name,
    async begin(redirectUri) {
      const secrets = { state: oidc.randomState(), verifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(settings, {
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        code_challenge: await oidc.calculatePKCECodeChallenge(secrets.verifier),
        code_challenge_method: 'S256',
        state: secrets.state,
      });
      return { url, secrets };
    },
    async finish(callbackUrl, secrets) {
      const tokens = await oidc.authorizationCodeGrant(settings, callbackUrl, {
        pkceCodeVerifier: secrets.verifier,
        expectedState: secrets.state,
      });
      const user = await api<{ id: number; login: string; name: string | null }>(
        '/user',
        tokens.access_token,
      );
      const emails = await api<GithubEmail[]>('/user/emails', tokens.access_token);
      const best = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
      return {
        subject: String(user.id),
        email: best?.email.toLowerCase() ?? null,
        emailVerified: Boolean(best),
        // Many GitHub users set no display name: their login names them better than an address.
        name: user.name || user.login,
      };
    },
  };
}

/** The configured providers by id. */
export function socialProviders(configs: SocialLoginConfig[]): Map<string, SocialProvider> {
  return new Map(
    configs.map((config) => [
      config.id,
      config.id === 'github' ? githubProvider(config) : oidcProvider(config),
    ]),
  );
}
