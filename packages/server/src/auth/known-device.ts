import { LIMITS, routes } from '@kinfolio/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { hmac, randomToken, safeEqual } from './tokens.js';

/** One cookie per account that logged in from this browser (a family may share a computer). */
const COOKIE_PREFIX = 'kinfolio_device_';

/**
 * A "known device" of an account: a browser that logged in to it before, proven by a long-lived
 * HttpOnly cookie `<user id>.<device id>.<signature>` signed with the app key. It grants nothing
 * but a login throttle of its own (auth/throttle.ts), so a stolen one is worth little and it
 * outlives logouts and password changes. It is only sent to the login route.
 */
export function knownDevices(ctx: AppContext) {
  const sign = (userId: number, deviceId: string) =>
    hmac(ctx.appKey, `known-device|${userId}|${deviceId}`);

  return {
    /** The device id the request's cookie proves for this account, or null. */
    deviceOf(request: FastifyRequest, userId: number): string | null {
      const value = request.cookies[`${COOKIE_PREFIX}${userId}`];
      const [id, deviceId, signature, ...rest] = value?.split('.') ?? [];
      if (rest.length || id !== String(userId) || !deviceId || !signature) return null;
      return safeEqual(signature, sign(userId, deviceId)) ? deviceId : null;
    },

    /** Marks (again) the browser as a known device of the account, after a successful login. */
    remember(reply: FastifyReply, userId: number, deviceId: string | null): void {
      const id = deviceId ?? randomToken(18);
      reply.setCookie(`${COOKIE_PREFIX}${userId}`, `${userId}.${id}.${sign(userId, id)}`, {
        path: routes.login.path,
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.secureCookies,
        maxAge: LIMITS.loginKnownDeviceDays * 24 * 60 * 60,
      });
    },
  };
}
