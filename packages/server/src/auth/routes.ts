import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppContext } from '../context.js';
import { FieldValidationError, HttpError } from '../http/errors.js';
import { addRoute } from '../http/route.js';
import { requestLanguage, say } from '../i18n/translate.js';
import { SETTING_KEYS, settingsRepository } from '../modules/settings/index.js';
import {
  checkVerificationLink,
  presentUser,
  queueVerificationMail,
  usersRepository,
} from '../modules/users/index.js';
import { createAccount, createFirstAdmin } from './accounts.js';
import { loginCompleter } from './login.js';
import { registerLoginLinkRoutes } from './login-link.routes.js';
import { registerSocialRoutes } from './social/routes.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { checkPasswordResetLink, requestPasswordReset, resetPassword } from './password-reset.js';
import type { SessionManager } from './session.js';
import { knownDevices } from './known-device.js';
import {
  loginThrottle,
  redisThrottlePrefix,
  redisThrottleStore,
  type ThrottleStore,
} from './throttle.js';
import { databaseThrottleStore } from './throttle.repository.js';

/**
 * Login counters in Redis when REDIS_URL is set, else in the database: either way they hold
 * across restarts and are shared by the instances of one site.
 */
function throttleStore(app: FastifyInstance, ctx: AppContext): ThrottleStore {
  let store: ThrottleStore;
  if (ctx.config.redisUrl) {
    // A few retries, not ioredis's default twenty: an unreachable Redis fails logins quickly.
    const redis = new Redis(ctx.config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5000 });
    redis.on('error', (err: unknown) => app.log.warn({ err }, 'redis (login throttle)'));
    store = redisThrottleStore(redis, redisThrottlePrefix(ctx.appKey));
  } else {
    store = databaseThrottleStore(ctx.db, ctx.now);
  }
  app.addHook('onClose', () => store.close());
  return store;
}

/** Registers the auth routes; answers the login counters' store, which share links use too. */
export function registerAuthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  sessions: SessionManager,
): { throttleStore: ThrottleStore } {
  const store = throttleStore(app, ctx);
  const throttle = loginThrottle(store);
  const devices = knownDevices(ctx);
  const users = usersRepository(ctx.db);
  const settings = settingsRepository(ctx.db);
  const completeLogin = loginCompleter(ctx, sessions, devices);
  registerSocialRoutes(app, ctx, { completeLogin, throttle });
  registerLoginLinkRoutes(app, ctx, { completeLogin, store });

  addRoute(app, routes.csrfCookie, async (request, reply) => {
    sessions.ensureToken(request, reply);
    return reply.code(204).send();
  });

  addRoute(app, routes.login, async (request, reply) => {
    const { email, password, remember } = request.body;
    const user = await users.findByEmail(email);
    const device = user ? devices.deviceOf(request, user.id) : null;
    // Counted before the password is checked; a failure stays counted (auth/throttle.ts).
    const attempt = await throttle.attempt({ email, ip: request.ip, device });
    const valid = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !valid || user.active !== 1) {
      throw new FieldValidationError({ email: ['auth.failed'] });
    }
    await attempt.succeeded();
    const loggedIn = await completeLogin(request, reply, user, remember);
    return { user: presentUser(loggedIn) };
  });

  addRoute(app, routes.logout, async (request, reply) => {
    await sessions.end(request, reply);
    return reply.code(204).send();
  });

  addRoute(app, routes.setup, async (request, reply) => {
    const { name, email, password } = request.body;
    const language = requestLanguage(request);
    const user = await createFirstAdmin(
      ctx.db,
      { name, email, password, verified: false, language, loggedIn: true },
      ctx.now(),
    );
    await sessions.start(request, reply, user, false);
    await queueVerificationMail(ctx, user);
    reply.code(201);

    return { message: say(request, 'setup.done'), user: presentUser(user) };
  });

  addRoute(app, routes.register, async (request, reply) => {
    if ((await settings.get(SETTING_KEYS.registrationEnabled)) !== 'true') {
      throw new HttpError(403, 'register.disabled');
    }
    const { name, email, password } = request.body;
    const language = requestLanguage(request);
    const user = await createAccount(
      ctx.db,
      { name, email, password, permissions: [], verified: false, language, loggedIn: true },
      ctx.now(),
    );
    await sessions.start(request, reply, user, false);
    await queueVerificationMail(ctx, user);
    reply.code(201);
    return { message: say(request, 'register.done'), user: presentUser(user) };
  });

  addRoute(app, routes.forgotPassword, async (request) => {
    await requestPasswordReset(ctx, request.body.email, requestLanguage(request));
    return { message: say(request, 'passwords.sent') };
  });

  addRoute(app, routes.resetPasswordCheck, async (request) => {
    await checkPasswordResetLink(ctx, request.body);
    return { message: say(request, 'passwords.link_valid') };
  });

  addRoute(app, routes.resetPassword, async (request, reply) => {
    const userId = await resetPassword(ctx, request.body);
    // Whoever reads the account's mail may log in from this browser even while strangers keep
    // the account's login counter exhausted: the way out for an owner on a new device.
    devices.remember(reply, userId, devices.deviceOf(request, userId));
    return { message: say(request, 'passwords.reset') };
  });

  addRoute(app, routes.changePassword, async (request, reply) => {
    const user = request.auth.user!;
    if (!(await verifyPassword(user.password_hash, request.body.current_password))) {
      throw new FieldValidationError({ current_password: ['passwords.current_incorrect'] });
    }
    const updated = await users.update(user.id, {
      password_hash: await hashPassword(request.body.password),
      updated_at: ctx.now().toISOString(),
    });
    await sessions.endAllOf(user.id);
    await sessions.start(request, reply, updated, request.auth.remember);
    return { message: say(request, 'passwords.changed') };
  });

  addRoute(app, routes.verificationNotification, async (request) => {
    const user = request.auth.user!;
    if (user.email_verified_at) return { message: say(request, 'verification.already') };
    await queueVerificationMail(ctx, user);
    return { message: say(request, 'verification.sent') };
  });

  addRoute(app, routes.verifyEmail, async (request, reply) => {
    const { id, hash } = request.params;
    const user = await users.findById(id);
    let status = 'invalid';
    if (
      user &&
      checkVerificationLink(ctx, user, hash, request.query.expires, request.query.signature)
    ) {
      status = user.email_verified_at ? 'already' : 'verified';
      if (!user.email_verified_at) {
        await users.update(user.id, { email_verified_at: ctx.now().toISOString() });
      }
    }
    return reply.redirect(`/user/verified?status=${status}`, 302);
  });
  return { throttleStore: store };
}
