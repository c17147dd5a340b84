import { isIPv4, isIPv6 } from 'node:net';
import { LIMITS } from '@kinfolio/contract';
import type { Redis } from 'ioredis';
import { HttpError } from '../http/errors.js';
import { sha256 } from './tokens.js';

/** One counter after an attempt was counted on it. */
export interface Hit {
  hits: number;
  /** Milliseconds until the counter's window ends and it starts again from zero. */
  msLeft: number;
  /** Names the window the hit fell in, so that a refund never lands in a later one. */
  window: number;
}

/**
 * Where the counters live. Each operation is one atomic statement (or script), so concurrent
 * attempts, on this instance or another, never lose a count.
 */
export interface ThrottleStore {
  /** Counts one attempt; a counter whose window has ended starts a new one. */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** Takes back one attempt counted by `hit` (no-op once that window has ended). */
  refund(key: string, window: number): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

// The first hit of a window sets its expiry; later ones only count (and read what is left).
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

const REFUND_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]))
if hits and hits > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** The counters in Redis (REDIS_URL), each a key that expires with its window. */
export function redisThrottleStore(redis: Redis, prefix: string): ThrottleStore {
  return {
    async hit(key, windowMs) {
      const [hits, msLeft] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs)) as [
        number,
        number,
      ];
      return { hits, msLeft, window: 0 };
    },
    async refund(key) {
      await redis.eval(REFUND_SCRIPT, 1, prefix + key);
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Redis keys of one Kinfolio site: instances sharing an APP_KEY (and so a database) share the
 * counters, other sites on the same Redis do not see them.
 */
export function redisThrottlePrefix(appKey: string): string {
  return `kinfolio:${sha256(appKey).slice(0, 16)}:login:`;
}

/**
 * The address a counter is kept for: an IPv4 address (also when mapped into IPv6), or the /64
 * network of an IPv6 address, since one subscriber usually holds a whole /64.
 */
export function addressOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const [head, tail] = ip.split('%')[0]!.split('::');
  const front = groups(head);
  const back = groups(tail);
  const full =
    tail === undefined
      ? front
      : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export interface Counter {
  key: string;
  max: number;
  windowMs: number;
  /** What a successful login does to it: clear it, or take back only its own attempt. */
  onSuccess: 'clear' | 'refund';
}

/** A counter of `max` hits per window of `seconds`, named by its kind and a hash of `value`. */
export function counter(
  kind: string,
  value: string,
  [max, seconds]: readonly [number, number],
  onSuccess: Counter['onSuccess'],
): Counter {
  // Hashed: the table and Redis hold no e-mail addresses or IP addresses.
  return { key: `${kind}:${sha256(value).slice(0, 40)}`, max, windowMs: seconds * 1000, onSuccess };
}

const PER_ACCOUNT_AND_ADDRESS = [LIMITS.loginMaxAttempts, LIMITS.loginDecaySeconds] as const;
const PER_ACCOUNT = [LIMITS.loginAccountMaxAttempts, LIMITS.loginAccountDecaySeconds] as const;
const PER_ADDRESS = [LIMITS.loginAddressMaxAttempts, LIMITS.loginAddressDecaySeconds] as const;
const ACCOUNTS_PER_ADDRESS = [
  LIMITS.loginAddressMaxAccounts,
  LIMITS.loginAddressAccountsDecaySeconds,
] as const;

/**
 * The distinct accounts an address has failed at: a marker per account and address whose first
 * hit in its window counts one more account on the address's counter. Markers and counter share
 * the window length, so an account is counted at most about once per window.
 */
function accountsCountersFor({ email, ip }: LoginAttempt) {
  const address = addressOf(ip);
  return {
    // The marker only tells a new account from one already counted: it never refuses anything.
    marker: counter(
      'address-account-seen',
      `${email}|${address}`,
      [Number.POSITIVE_INFINITY, ACCOUNTS_PER_ADDRESS[1]],
      'clear',
    ),
    accounts: counter('address-accounts', address, ACCOUNTS_PER_ADDRESS, 'refund'),
  };
}

function countersFor({ email, ip, device }: LoginAttempt): Counter[] {
  if (device) return [counter('device', device, PER_ACCOUNT_AND_ADDRESS, 'clear')];
  const address = addressOf(ip);
  return [
    counter('account-address', `${email}|${address}`, PER_ACCOUNT_AND_ADDRESS, 'clear'),
    counter('account', email, PER_ACCOUNT, 'refund'),
    counter('address', address, PER_ADDRESS, 'refund'),
  ];
}

export interface LoginAttempt {
  /** As the login body normalises it (trimmed, lower case). */
  email: string;
  ip: string;
  /** The device id of a valid known-device cookie for this account (auth/known-device.ts). */
  device: string | null;
}

/**
 * Failed logins are counted per account and address, per account, and per address, and the
 * distinct accounts an address fails at are counted too (password spraying); a login from
 * a known device of the account is counted on that device's counter instead, so that strangers
 * exhausting the account's counter do not lock its owner out. Limits are LIMITS.login*.
 *
 * An attempt is counted before its password is checked, so that concurrent guesses cannot all
 * pass the check before any of them is recorded; a refused attempt is taken back (it guessed
 * nothing), and so is a successful one, which also clears its account-and-address and device
 * counters. The account and address counters are not cleared by a success: they hold the
 * failures of others (an attacker who owns one account must not reset the address's count by
 * logging in to it).
 */
export function loginThrottle(store: ThrottleStore) {
  return {
    /**
     * Counts the attempt, or refuses it with 429 and Retry-After. The attempt counts as a failure
     * unless `succeeded` is called.
     */
    async attempt(attempt: LoginAttempt): Promise<{ succeeded(): Promise<void> }> {
      const counters = countersFor(attempt);
      const hits = await Promise.all(counters.map((c) => store.hit(c.key, c.windowMs)));
      if (!attempt.device) {
        // Only the first attempt at an account in the window counts it on the address.
        const { marker, accounts } = accountsCountersFor(attempt);
        const seen = await store.hit(marker.key, marker.windowMs);
        counters.push(marker);
        hits.push(seen);
        if (seen.hits === 1) {
          counters.push(accounts);
          hits.push(await store.hit(accounts.key, accounts.windowMs));
        }
      }
      const over = hits.filter((hit, i) => hit.hits > counters[i]!.max);
      if (over.length) {
        await Promise.all(counters.map((c, i) => store.refund(c.key, hits[i]!.window)));
        const seconds = Math.max(1, ...over.map((hit) => Math.ceil(hit.msLeft / 1000)));
        throw new HttpError(429, 'auth.throttle', { seconds }, { 'Retry-After': String(seconds) });
      }
      return {
        async succeeded() {
          await Promise.all(
            counters.map((c, i) =>
              c.onSuccess === 'clear' ? store.clear(c.key) : store.refund(c.key, hits[i]!.window),
            ),
          );
        },
      };
    },
  };
}
