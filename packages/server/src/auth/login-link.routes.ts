import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { addRoute } from '../http/route.js';
import { presentUser } from '../modules/users/index.js';
import type { CompleteLogin } from './login.js';
import { mailLoginLink, useLoginLink } from './login-link.js';
import { loginLinkThrottle } from './login-link-throttle.js';
import type { ThrottleStore } from './throttle.js';

/**
 * One-time sign-in links by mail: the way in for an owner whose account's login counter strangers
 * keep exhausted. Using one logs in like a password would, so the browser becomes a known device
 * of the account and its later password logins are counted apart from the strangers' guesses.
 */
export function registerLoginLinkRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { completeLogin, store }: { completeLogin: CompleteLogin; store: ThrottleStore },
) {
  const throttle = loginLinkThrottle(store);

  addRoute(app, routes.loginLink, async (request, reply) => {
    const { email } = request.body;
    if (await throttle.mayMail({ email, ip: request.ip })) await mailLoginLink(ctx, email);
    return reply.code(204).send();
  });

  addRoute(app, routes.loginLinkConsume, async (request, reply) => {
    const user = await useLoginLink(ctx, request.body.token);
    const loggedIn = await completeLogin(request, reply, user, request.body.remember);
    return { user: presentUser(loggedIn) };
  });
}
