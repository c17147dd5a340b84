import {
  AUTH_PROVIDERS,
  DEFAULT_SITEPARAMS,
  routes,
  type AuthProviderId,
  type LoginError,
} from '@kinfolio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { stampedTransaction } from '../../db/stamps.js';
import { FieldValidationError, HttpError, notFound } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { requestLanguage, say } from '../../i18n/translate.js';
import { SETTING_KEYS, settingsRepository } from '../../modules/settings/index.js';
import { usersRepository, type UserRow } from '../../modules/users/index.js';
import type { CompleteLogin } from '../login.js';
import type { loginThrottle } from '../throttle.js';
import { saveFlow, takeFlow } from './flow-cookie.js';
import { identitiesRepository, type IdentityRow } from './identities.repository.js';
import { socialProviders, type ProviderIdentity, type SocialProvider } from './providers.js';

/** Thrown inside the callback: the browser goes back to the login form with this reason. */
class LoginRefused extends Error {
  constructor(readonly reason: LoginError) {
    super(reason);
  }
}

const toLoginForm = (reply: FastifyReply, reason: LoginError) =>
  reply.redirect(`/?login_error=${reason}`, 302);

interface SocialDeps {
  completeLogin: CompleteLogin;
  throttle: ReturnType<typeof loginThrottle>;
}

/**
 * Social login (the browser goes to /api/auth/login/{provider}) and the profile's linked accounts
 * (contract account-routes.ts).
 */
export function registerSocialRoutes(app: FastifyInstance, ctx: AppContext, deps: SocialDeps) {
  const providers = socialProviders(ctx.config.socialLogin);
  const users = usersRepository(ctx.db);
  const identities = identitiesRepository(ctx.db);
  const redirectUri = (provider: string) => `${ctx.config.appUrl}/api/auth/callback/${provider}`;
  const providerName = (id: string) => providers.get(id)?.name ?? id;

  addRoute(app, routes.authProviders, async () =>
    [...providers.values()].map(({ id, name }) => ({ id, name })),
  );

  addRoute(app, routes.authLogin, async (request, reply) => {
    const provider = providers.get(request.params.provider);
    if (!provider) throw notFound();
    let begun;
    try {
      begun = await provider.begin(redirectUri(provider.id));
    } catch (err) {
      request.log.warn({ err, provider: provider.id }, 'social login: provider unreachable');
      return toLoginForm(reply, 'provider');
    }
    saveFlow(reply, ctx.appKey, ctx.config.secureCookies, {
      provider: provider.id,
      secrets: begun.secrets,
      remember: request.query.remember,
      linkTo: request.auth.user?.id ?? null,
    });
    return reply.redirect(begun.url.href, 302);
  });

  /** Who comes back from the provider, checked against the flow this browser started. */
  async function identityOf(
    request: FastifyRequest<{ Params: { provider: string } }>,
    reply: FastifyReply,
    provider: SocialProvider,
    query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  ) {
    const flow = takeFlow(request, reply, ctx.appKey);
    if (query.error)
      throw new LoginRefused(query.error === 'access_denied' ? 'denied' : 'provider');
    if (
      !flow ||
      flow.provider !== provider.id ||
      !query.state ||
      query.state !== flow.secrets.state
    ) {
      throw new LoginRefused('state');
    }
    const callbackUrl = new URL(request.url, ctx.config.appUrl);
    try {
      return { flow, identity: await provider.finish(callbackUrl, flow.secrets) };
    } catch (err) {
      request.log.warn({ err, provider: provider.id }, 'social login: code exchange failed');
      throw new LoginRefused('provider');
    }
  }

  /** The account this identity logs in to: linked already, linked now by e-mail, or new. */
  async function accountFor(
    provider: SocialProvider,
    identity: ProviderIdentity,
    language: ReturnType<typeof requestLanguage>,
  ): Promise<UserRow> {
    const at = ctx.now().toISOString();
    return stampedTransaction(ctx.db, 'auth', async (trx) => {
      const ids = identitiesRepository(trx);
      const accounts = usersRepository(trx);
      const linked = await ids.find(provider.id, identity.subject);
      if (linked) {
        await ids.used(linked.id, identity.email ?? linked.email, at);
        const user = await accounts.findById(linked.user_id);
        if (!user) throw new LoginRefused('no_account');
        return user;
      }
      // Only an address the provider has verified may name an account: anyone can type any
      // address into an account at some provider.
      if (!identity.email || !identity.emailVerified) throw new LoginRefused('unverified');
      let user = await accounts.findByEmail(identity.email);
      if (!user) {
        const open = await settingsRepository(trx).get(SETTING_KEYS.registrationEnabled);
        if (open !== 'true') throw new LoginRefused('no_account');
        user = await accounts.insert({
          name: identity.name?.trim().slice(0, 120) || identity.email.split('@')[0]!,
          email: identity.email,
          // No password can match an empty hash: this account logs in through its provider.
          password_hash: '',
          email_verified_at: at,
          permissions: '[]',
          siteparams: JSON.stringify({ ...DEFAULT_SITEPARAMS, language }),
          themecolors: '{}',
          active: 1,
          created_at: at,
          updated_at: at,
        });
      }
      await ids.insert({
        user_id: user.id,
        provider: provider.id,
        subject: identity.subject,
        email: identity.email,
        created_at: at,
        last_used_at: at,
      });
      return user;
    });
  }

  /** A logged-in user links an account from the profile. */
  async function link(userId: number, provider: SocialProvider, identity: ProviderIdentity) {
    const at = ctx.now().toISOString();
    const existing = await identities.find(provider.id, identity.subject);
    if (existing && existing.user_id !== userId) throw new LoginRefused('linked_elsewhere');
    if (existing) return;
    await identities.insert({
      user_id: userId,
      provider: provider.id,
      subject: identity.subject,
      email: identity.email ?? '',
      created_at: at,
      last_used_at: null,
    });
  }

  addRoute(app, routes.authCallback, async (request, reply) => {
    const provider = providers.get(request.params.provider);
    if (!provider) throw notFound();
    try {
      const { flow, identity } = await identityOf(request, reply, provider, request.query);
      const current = request.auth.user;
      if (flow.linkTo !== null && current?.id === flow.linkTo) {
        await link(current.id, provider, identity);
        return reply.redirect(`/user/userprofile?linked=${provider.id}`, 302);
      }
      // Counted like password attempts, per provider account and address.
      let attempt;
      try {
        attempt = await deps.throttle.attempt({
          email: `${provider.id}:${identity.subject}`,
          ip: request.ip,
          device: null,
        });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) {
          throw new LoginRefused('throttled');
        }
        throw error;
      }
      const user = await accountFor(provider, identity, requestLanguage(request));
      if (user.active !== 1) throw new LoginRefused('inactive');
      await attempt.succeeded();
      await deps.completeLogin(request, reply, user, flow.remember);
      // The app keeps a logged-in flag of its own: this tells the login form to check the session.
      return reply.redirect('/?social_login=1', 302);
    } catch (error) {
      if (error instanceof LoginRefused) return toLoginForm(reply, error.reason);
      throw error;
    }
  });

  const present = async (user: UserRow) => ({
    has_password: user.password_hash !== '',
    identities: (await identities.listFor(user.id)).filter(known).map((row) => ({
      id: row.id,
      provider: row.provider,
      provider_name: providerName(row.provider),
      email: row.email,
      created_at: row.created_at,
      last_used_at: row.last_used_at,
    })),
  });

  addRoute(app, routes.linkedIdentities, async (request) => present(request.auth.user!));

  addRoute(app, routes.unlinkIdentity, async (request) => {
    const user = request.auth.user!;
    await stampedTransaction(ctx.db, 'auth', async (trx) => {
      const ids = identitiesRepository(trx);
      const mine = await ids.listFor(user.id);
      if (!mine.some((row) => row.id === request.params.id)) throw notFound();
      if (user.password_hash === '' && mine.length === 1) {
        throw new FieldValidationError({ id: ['identities.last_login'] }, 'identities.last_login');
      }
      await ids.delete(request.params.id, user.id);
    });
    const fresh = (await users.findById(user.id)) ?? user;
    return { message: say(request, 'identities.unlinked'), ...(await present(fresh)) };
  });
}

const known = (row: IdentityRow): row is IdentityRow & { provider: AuthProviderId } =>
  (AUTH_PROVIDERS as readonly string[]).includes(row.provider);
