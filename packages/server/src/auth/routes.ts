import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { FieldValidationError, HttpError } from '../http/errors.js';
import { addRoute } from '../http/route.js';
import { languageOf, translate } from '../i18n/translate.js';
import { SETTING_KEYS, settingsRepository } from '../modules/settings/repository.js';
import { usersRepository } from '../modules/users/repository.js';
import { presentUser } from '../modules/users/present.js';
import { createAccount, createFirstAdmin } from './accounts.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import type { SessionManager } from './session.js';
import { loginThrottle } from './throttle.js';
import { checkVerificationLink, queueVerificationMail } from './verification.js';

export function registerAuthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  sessions: SessionManager,
) {
  const throttle = loginThrottle();
  const users = usersRepository(ctx.db);
  const settings = settingsRepository(ctx.db);
  const say = (
    request: { headers: { 'accept-language'?: string } },
    key: Parameters<typeof translate>[1],
  ) => translate(languageOf(request.headers['accept-language']), key);

  addRoute(app, routes.csrfCookie, async (request, reply) => {
    sessions.ensureToken(request, reply);
    return reply.code(204).send();
  });

  addRoute(app, routes.login, async (request, reply) => {
    const { email, password, remember } = request.body;
    const key = `${email}|${request.ip}`;
    await throttle.assertAllowed(key);
    const user = await users.findByEmail(email);
    const valid = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !valid || user.active !== 1) {
      await throttle.recordFailure(key);
      throw new FieldValidationError({ email: ['auth.failed'] });
    }
    await throttle.clear(key);
    const loggedIn = await users.update(user.id, { last_login_at: ctx.now().toISOString() });
    await sessions.start(request, reply, loggedIn, remember);
    return { user: presentUser(loggedIn) };
  });

  addRoute(app, routes.logout, async (request, reply) => {
    await sessions.end(request, reply);
    return reply.code(204).send();
  });

  addRoute(app, routes.setup, async (request, reply) => {
    const { name, email, password } = request.body;
    const language = languageOf(request.headers['accept-language']);
    const user = await createFirstAdmin(
      ctx.db,
      { name, email, password, verified: false, language },
      ctx.now(),
    );
    await sessions.start(request, reply, user, false);
    queueVerificationMail(ctx, user);
    return reply.code(201).send({ message: say(request, 'setup.done'), user: presentUser(user) });
  });

  addRoute(app, routes.register, async (request, reply) => {
    if ((await settings.get(SETTING_KEYS.registrationEnabled)) !== 'true') {
      throw new HttpError(403, 'register.disabled');
    }
    const { name, email, password } = request.body;
    const language = languageOf(request.headers['accept-language']);
    const user = await createAccount(
      ctx.db,
      { name, email, password, permissions: [], verified: false, language },
      ctx.now(),
    );
    await sessions.start(request, reply, user, false);
    queueVerificationMail(ctx, user);
    return reply
      .code(201)
      .send({ message: say(request, 'register.done'), user: presentUser(user) });
  });

  addRoute(app, routes.forgotPassword, async (request) => {
    await requestPasswordReset(ctx, request.body.email);
    return { message: say(request, 'passwords.sent') };
  });

  addRoute(app, routes.resetPassword, async (request) => {
    await resetPassword(ctx, request.body);
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
    queueVerificationMail(ctx, user);
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
}
