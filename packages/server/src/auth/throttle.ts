import { LIMITS } from '@kinfolio/contract';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { HttpError } from '../http/errors.js';

/**
 * Counts failed logins per email + IP, like Laravel's ThrottlesLogins: successful logins never
 * count, a success clears the count, and the sixth failure within the window is refused with 429.
 */
export function loginThrottle() {
  const limiter = new RateLimiterMemory({
    points: LIMITS.loginMaxAttempts,
    duration: LIMITS.loginDecaySeconds,
  });
  return {
    async assertAllowed(key: string): Promise<void> {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= LIMITS.loginMaxAttempts) {
        const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
        throw new HttpError(429, 'auth.throttle', { seconds }, { 'Retry-After': String(seconds) });
      }
    },
    async recordFailure(key: string): Promise<void> {
      await limiter.penalty(key, 1);
    },
    async clear(key: string): Promise<void> {
      await limiter.delete(key);
    },
  };
}
