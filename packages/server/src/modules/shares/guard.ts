import { SHARE_LIMITS } from '@kinfolio/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { addressOf, counter, type ThrottleStore } from '../../auth/throttle.js';
import { HttpError } from '../../http/errors.js';
import { sharesRepository, type ShareRow } from './repository.js';
import { shareScope, type ShareScope } from './scope.repository.js';
import { tokenHash, UNLOCK_COOKIE, unlocks } from './tokens.js';

const GUESSES = [SHARE_LIMITS.guessesMax, SHARE_LIMITS.guessWindowSeconds] as const;

function throttled(msLeft: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  return new HttpError(
    429,
    'http.too_many_requests',
    { seconds },
    { 'Retry-After': String(seconds) },
  );
}

/**
 * The one way in without a session: a token resolved to its link, then to the set of what it
 * shares (scope.repository.ts). Unknown or revoked → 404; expired → 410; a password this browser
 * has not unlocked → 401 with nothing of the content. Unknown tokens and wrong passwords are
 * counted per address on the login counters' store (the database, or Redis with REDIS_URL): over
 * SHARE_LIMITS.guessesMax in the window, they get 429 instead.
 */
export function shareGuard(ctx: AppContext, store: ThrottleStore) {
  const shares = sharesRepository(ctx.db);

  /** Counts a failed guess from the request's address; 429 once over the limit. */
  async function missed(request: FastifyRequest, status: HttpError): Promise<never> {
    const address = counter('share-guess', addressOf(request.ip), GUESSES, 'refund');
    const hit = await store.hit(address.key, address.windowMs);
    if (hit.hits > address.max) throw throttled(hit.msLeft);
    throw status;
  }

  /** The live link of `token` (not revoked nor expired), password or not. */
  async function live(request: FastifyRequest, token: string): Promise<ShareRow> {
    const share = token ? await shares.findByTokenHash(tokenHash(token)) : undefined;
    if (!share || share.revoked_at !== null) {
      return missed(request, new HttpError(404, 'shares.not_found'));
    }
    if (share.expires_at !== null && share.expires_at <= ctx.now().toISOString()) {
      throw new HttpError(410, 'shares.expired');
    }
    return share;
  }

  return {
    live,

    /** The scope of an open link: live, and unlocked when it has a password. */
    async open(request: FastifyRequest, token: string): Promise<ShareScope> {
      const share = await live(request, token);
      if (
        share.password_hash !== null &&
        !unlocks(ctx.appKey, share, request.cookies[UNLOCK_COOKIE], ctx.now())
      ) {
        throw new HttpError(401, 'shares.locked', {}, {}, { password_required: true });
      }
      return shareScope(ctx.db, ctx.dialect, share);
    },

    /**
     * Counts a password attempt before it is checked (per link and address, and on the address's
     * guesses), so that parallel guesses cannot all pass before one is counted: 429 once over;
     * `succeeded` takes the attempt back.
     */
    async passwordAttempt(
      request: FastifyRequest,
      share: ShareRow,
    ): Promise<{ succeeded(): Promise<void> }> {
      const address = addressOf(request.ip);
      const counters = [
        counter('share-password', `${share.id}|${address}`, GUESSES, 'refund'),
        counter('share-guess', address, GUESSES, 'refund'),
      ];
      const hits = await Promise.all(counters.map((c) => store.hit(c.key, c.windowMs)));
      const over = hits.filter((hit, index) => hit.hits > counters[index]!.max);
      const refund = () =>
        Promise.all(counters.map((c, index) => store.refund(c.key, hits[index]!.window)));
      if (over.length) {
        await refund();
        throw throttled(Math.max(...over.map((hit) => hit.msLeft)));
      }
      return {
        async succeeded() {
          await refund();
        },
      };
    },
  };
}
export type ShareGuard = ReturnType<typeof shareGuard>;
