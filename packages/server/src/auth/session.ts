import {
  SESSION_COOKIE,
  XSRF_COOKIE,
  hasPermission,
  movesTrash,
  type Access,
} from '@kinfolio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../context.js';
import type { Stamps } from '../db/stamps.js';
import { HttpError } from '../http/errors.js';
import { permissionsOf, type UserRow } from '../modules/users/index.js';
import { sessionsRepository, type SessionWithUser } from './sessions.repository.js';
import { hmac, randomToken, safeEqual, sha256 } from './tokens.js';

export interface AuthState {
  /** The session cookie's token (anonymous or not). */
  token: string | null;
  /** The stored session's id when the token belongs to a live, logged-in session. */
  sessionId: string | null;
  user: UserRow | null;
  remember: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
    /** The change stamps as they were when the request came in (contract routes only). */
    stamps: Stamps;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Refreshing a session's expiry on every request would turn every read into a write.
const TOUCH_AFTER_MS = 5 * 60 * 1000;
/** Logged-in sessions kept in memory per instance (each a few hundred bytes). */
const SESSION_CACHE_SIZE = 10_000;

function decodeHeader(value: string | string[] | undefined): string {
  if (typeof value !== 'string') return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

export function sessionManager(ctx: AppContext) {
  const repo = sessionsRepository(ctx.db);
  // Sessions with their user, by token, each with the auth stamp read before it was loaded:
  // while that stamp holds, no user was changed and no session removed, by any instance.
  const cache = new LRUCache<string, { stamp: string; found: SessionWithUser }>({
    max: SESSION_CACHE_SIZE,
  });
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: ctx.config.secureCookies };

  function lifetimeMs(remember: boolean) {
    return remember
      ? ctx.config.rememberLifetimeDays * 24 * 60 * 60 * 1000
      : ctx.config.sessionLifetimeMinutes * 60 * 1000;
  }

  function xsrfFor(token: string) {
    return hmac(ctx.appKey, `xsrf:${token}`);
  }

  function setCookies(reply: FastifyReply, token: string, remember: boolean) {
    const maxAge = remember ? Math.floor(lifetimeMs(true) / 1000) : undefined;
    reply.setCookie(SESSION_COOKIE, token, { ...cookieBase, httpOnly: true, maxAge });
    reply.setCookie(XSRF_COOKIE, xsrfFor(token), { ...cookieBase, httpOnly: false, maxAge });
  }

  /** The session and its user: from memory while current, else from the database. */
  /** Kept by token, which only the request and this memory hold; the database has its hash. */
  async function find(
    token: string,
    stamp: string,
    now: Date,
  ): Promise<SessionWithUser | undefined> {
    const kept = cache.get(token);
    const found = kept?.stamp === stamp ? kept.found : undefined;
    // An expired or stale-looking one is read again: another instance may have extended it.
    if (found && found.session.expires_at > now.toISOString() && !dueForTouch(found, now)) {
      return found;
    }
    const fresh = await repo.findWithUser(sha256(token));
    // Kept only if nothing changed while it was read: it then stands for that stamp.
    if (fresh && (await ctx.readStamps()).auth === stamp) cache.set(token, { stamp, found: fresh });
    else cache.delete(token);
    return fresh;
  }

  function dueForTouch(found: SessionWithUser, now: Date) {
    return now.getTime() - Date.parse(found.session.last_activity_at) > TOUCH_AFTER_MS;
  }

  async function load(request: FastifyRequest): Promise<void> {
    const token = request.auth.token;
    if (!token || token.length > 100) return;
    const now = ctx.now();
    const found = await find(token, request.stamps.auth, now);
    if (!found) return;
    if (found.session.expires_at <= now.toISOString() || found.user.active !== 1) {
      await repo.delete(found.session.id);
      return;
    }
    request.auth.sessionId = found.session.id;
    request.auth.user = found.user;
    request.auth.remember = found.session.remember === 1;
    if (dueForTouch(found, now)) {
      const expires = new Date(now.getTime() + lifetimeMs(found.session.remember === 1));
      await repo.touch(found.session.id, now.toISOString(), expires.toISOString());
      found.session.last_activity_at = now.toISOString();
      found.session.expires_at = expires.toISOString();
    }
  }

  return {
    repo,
    /** Checks CSRF, loads the session and enforces the route's access, before anything else. */
    register(app: FastifyInstance) {
      app.decorateRequest('auth', null as unknown as AuthState);
      app.decorateRequest('stamps', null as unknown as Stamps);
      // Every route must come from the contract's table (and so carry its access rule), except
      // the API docs, the static files of the web app and the operators' endpoints
      // (http/operational.ts: health and metrics).
      app.addHook('onRoute', (route) => {
        if (route.config?.access || route.config?.operational) return;
        if (route.url.startsWith('/api/docs') || route.url === '/*') return;
        throw new Error(
          `${String(route.method)} ${route.url} is not declared in the contract route table`,
        );
      });
      app.addHook('onRequest', async (request) => {
        const access: Access | undefined = request.routeOptions.config?.access;
        if (!access) return;
        const token = request.cookies[SESSION_COOKIE] ?? null;
        request.auth = { token, sessionId: null, user: null, remember: false };
        request.stamps = await ctx.readStamps();
        if (!SAFE_METHODS.has(request.method)) {
          const header = decodeHeader(request.headers['x-xsrf-token']);
          if (!token || !header || !safeEqual(header, xsrfFor(token))) {
            throw new HttpError(419, 'csrf.mismatch');
          }
        }
        await load(request);
        if (access === 'public') return;
        const user = request.auth.user;
        if (!user) throw new HttpError(401, 'auth.unauthenticated');
        if (access !== 'auth' && !hasPermission({ permissions: permissionsOf(user) }, access)) {
          throw new HttpError(403, 'auth.forbidden');
        }
      });
      // The body is read after the access check: a bulk request that moves entries in or out of
      // the trash is refused here when the user lacks what moving one entry needs.
      app.addHook('preHandler', async (request) => {
        const trashAccess = request.routeOptions.config?.trashAccess;
        if (!trashAccess || !movesTrash(request.body)) return;
        const user = request.auth.user;
        if (!user || !hasPermission({ permissions: permissionsOf(user) }, trashAccess)) {
          throw new HttpError(403, 'auth.forbidden');
        }
      });
    },
    /** Gives an anonymous visitor a session token and its XSRF cookie (GET /sanctum/csrf-cookie). */
    ensureToken(request: FastifyRequest, reply: FastifyReply) {
      const token =
        request.auth.token && request.auth.token.length <= 100 ? request.auth.token : null;
      setCookies(reply, token ?? randomToken(), request.auth.remember);
    },
    /** Logs a user in with a fresh token, ending the session the request came with. */
    async start(request: FastifyRequest, reply: FastifyReply, user: UserRow, remember: boolean) {
      if (request.auth.sessionId) await repo.delete(request.auth.sessionId);
      const token = randomToken();
      const now = ctx.now();
      await repo.insert({
        id: sha256(token),
        user_id: user.id,
        remember: remember ? 1 : 0,
        ip: request.ip ?? null,
        user_agent: request.headers['user-agent']?.replaceAll('\u0000', '').slice(0, 500) ?? null,
        created_at: now.toISOString(),
        last_activity_at: now.toISOString(),
        expires_at: new Date(now.getTime() + lifetimeMs(remember)).toISOString(),
      });
      request.auth = { token, sessionId: sha256(token), user, remember };
      setCookies(reply, token, remember);
    },
    /** Ends the current session and hands out a new anonymous token. */
    async end(request: FastifyRequest, reply: FastifyReply) {
      if (request.auth.sessionId) await repo.delete(request.auth.sessionId);
      request.auth = { token: null, sessionId: null, user: null, remember: false };
      setCookies(reply, randomToken(), false);
    },
    endAllOf(userId: number, exceptSessionId?: string) {
      return repo.deleteForUser(userId, exceptSessionId);
    },
  };
}

export type SessionManager = ReturnType<typeof sessionManager>;
