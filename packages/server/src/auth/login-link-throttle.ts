import { LIMITS } from '@kinfolio/contract';
import { HttpError } from '../http/errors.js';
import { addressOf, counter, type ThrottleStore } from './throttle.js';

const PER_ADDRESS = [
  LIMITS.loginLinkAddressMaxRequests,
  LIMITS.loginLinkAddressDecaySeconds,
] as const;
const PER_ACCOUNT = [LIMITS.loginLinkAccountMaxMails, LIMITS.loginLinkMinutes * 60] as const;

/**
 * Requests for sign-in links, on the login counters' store under kinds of their own. Per address,
 * whatever address the request names: over the limit it is a 429, which says nothing about any
 * account. Per requested address (counted whether an account has it or not): over the limit the
 * request is still answered as usual but no mail goes, so nobody can flood a mailbox.
 */
export function loginLinkThrottle(store: ThrottleStore) {
  return {
    /** Refuses with 429, or says whether a mail may go to `email`. */
    async mayMail({ email, ip }: { email: string; ip: string }): Promise<boolean> {
      const address = counter('link-address', addressOf(ip), PER_ADDRESS, 'refund');
      const hit = await store.hit(address.key, address.windowMs);
      if (hit.hits > address.max) {
        const seconds = Math.max(1, Math.ceil(hit.msLeft / 1000));
        throw new HttpError(
          429,
          'http.too_many_requests',
          { seconds },
          { 'Retry-After': String(seconds) },
        );
      }
      const account = counter('link-account', email, PER_ACCOUNT, 'refund');
      return (await store.hit(account.key, account.windowMs)).hits <= account.max;
    },
  };
}
