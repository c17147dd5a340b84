import os from 'node:os';
import path from 'node:path';
import { LIMITS } from '@kinfolio/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase } from '../test/database.js';
import { browser, failFrom } from '../test/browser.js';
import { redisReachable, TEST_REDIS_URL } from '../test/redis.js';
import { createTestServer, type TestServer } from '../test/server.js';
import { createAccount } from './accounts.js';
import { addressOf, redisThrottlePrefix } from './throttle.js';
import { sha256 } from './tokens.js';

const PASSWORD = 'user-password-1';
const DEVICE_COOKIE = /^kinfolio_device_\d+$/;

const withRedis = await redisReachable();

/** The counters of one site in Redis are removed after its tests (they would expire anyway). */
async function dropRedisKeys(appKey: string) {
  const redis = new Redis(TEST_REDIS_URL);
  const keys = await redis.keys(`${redisThrottlePrefix(appKey)}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

/** A 429 in the throttle's words, with a Retry-After of at most `seconds` (and at least `over`). */
function expectThrottled(response: LightMyRequestResponse, seconds: number, over = 0) {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(over);
  expect(retryAfter).toBeLessThanOrEqual(seconds);
  expect(response.json().message).toBe(
    `Too many login attempts. Please try again in ${retryAfter} seconds.`,
  );
}

const stores = [
  { store: 'database', env: {} },
  { store: 'redis', env: { REDIS_URL: TEST_REDIS_URL } },
] as const;

describe.each(stores)('login throttling ($store)', ({ store, env }) => {
  let server: TestServer;

  beforeAll(async () => {
    if (store === 'redis' && !withRedis) return;
    server = await createTestServer({ env });
  });
  afterAll(async () => {
    if (!server) return;
    if (store === 'redis') await dropRedisKeys(server.ctx.appKey);
    await server.close();
  });

  it.skipIf(store === 'redis' && !withRedis)(
    'refuses a guess from a new address once the account has had its failures from many',
    async () => {
      const email = 'target@example.com';
      await server.createUser({ email });
      await server.createUser({ email: 'bystander@example.com' });
      for (let i = 0; i < LIMITS.loginAccountMaxAttempts; i++) {
        // Two guesses per address: every address stays under its own limits.
        const response = await failFrom(server.app, `198.51.100.${Math.floor(i / 2) + 1}`, email);
        expect(response.statusCode).toBe(422);
      }
      const fresh = await browser(server.app, '198.51.100.200');
      expectThrottled(
        await fresh.login(email, PASSWORD),
        LIMITS.loginAccountDecaySeconds,
        LIMITS.loginDecaySeconds,
      );
      // The addresses themselves are not blocked: other accounts log in from them.
      const neighbour = await browser(server.app, '198.51.100.1');
      expect((await neighbour.login('bystander@example.com', PASSWORD)).statusCode).toBe(200);
    },
  );

  it.skipIf(store === 'redis' && !withRedis)(
    'refuses an address that has failed at many accounts',
    async () => {
      await server.createUser({ email: 'sprayed@example.com' });
      const sprayer = await browser(server.app, '203.0.113.7');
      // As many guesses per account as its own limit allows, on as few accounts as that takes,
      // so that only the address's total is exhausted.
      for (let i = 0; i < LIMITS.loginAddressMaxAttempts; i++) {
        const account = `nobody${Math.floor(i / LIMITS.loginMaxAttempts)}@example.com`;
        const response = await sprayer.login(account, 'wrong-password');
        expect(response.statusCode).toBe(422);
      }
      expectThrottled(
        await sprayer.login('sprayed@example.com', PASSWORD),
        LIMITS.loginAddressDecaySeconds,
        LIMITS.loginAccountDecaySeconds,
      );
      // The same network (an IPv4 address seen through IPv6) is the same address.
      const mapped = await browser(server.app, '::ffff:203.0.113.7');
      expect((await mapped.login('sprayed@example.com', PASSWORD)).statusCode).toBe(429);
      // The accounts are not blocked for others.
      const elsewhere = await browser(server.app, '203.0.113.8');
      expect((await elsewhere.login('sprayed@example.com', PASSWORD)).statusCode).toBe(200);
    },
  );

  it.skipIf(store === 'redis' && !withRedis)(
    'refuses an address spraying a few guesses over many accounts, not its tried ones',
    async () => {
      await server.createUser({ email: 'sprayed-too@example.com' });
      const sprayer = await browser(server.app, '203.0.113.50');
      for (let i = 0; i < LIMITS.loginAddressMaxAccounts; i++) {
        const response = await sprayer.login(`spray${i}@example.com`, 'wrong-password');
        expect(response.statusCode).toBe(422);
      }
      // Far below the address's total of attempts, yet one account too many.
      expectThrottled(
        await sprayer.login('sprayed-too@example.com', PASSWORD),
        LIMITS.loginAddressAccountsDecaySeconds,
        LIMITS.loginAccountDecaySeconds,
      );
      // Accounts it has already tried are not counted again.
      expect((await sprayer.login('spray0@example.com', 'wrong-password')).statusCode).toBe(422);
      // Another address still logs in to the account.
      const elsewhere = await browser(server.app, '203.0.113.51');
      expect((await elsewhere.login('sprayed-too@example.com', PASSWORD)).statusCode).toBe(200);
    },
  );

  it.skipIf(store === 'redis' && !withRedis)(
    'counts concurrent guesses exactly: no more failures than the limit get a password check',
    async () => {
      const email = 'raced@example.com';
      await server.createUser({ email });
      const attacker = await browser(server.app, '192.0.2.99');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => attacker.login(email, 'wrong-password')),
      );
      const statuses = answers.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 422)).toHaveLength(LIMITS.loginMaxAttempts);
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        20 - LIMITS.loginMaxAttempts,
      );
      for (const response of answers.filter((r) => r.statusCode === 429)) {
        expectThrottled(response, LIMITS.loginDecaySeconds);
      }
    },
  );

  it.skipIf(store === 'redis' && !withRedis)(
    'lets the owner log in from a known device while strangers have exhausted the account',
    async () => {
      const email = 'owner@example.com';
      const owner = await server.createUser({ email });
      await server.createUser({ email: 'insider@example.com' });
      const laptop = await browser(server.app, '192.0.2.10');
      const first = await laptop.login(email, PASSWORD);
      expect(first.statusCode).toBe(200);
      const cookie = (
        first.cookies as { name: string; httpOnly?: boolean; path?: string; maxAge?: number }[]
      ).find((c) => DEVICE_COOKIE.test(c.name));
      expect(cookie).toMatchObject({
        name: `kinfolio_device_${owner.id}`,
        httpOnly: true,
        path: '/login',
        maxAge: LIMITS.loginKnownDeviceDays * 24 * 3600,
      });
      await laptop.logout();

      for (let i = 0; i < LIMITS.loginAccountMaxAttempts; i++) {
        await failFrom(server.app, `100.64.1.${i + 1}`, email);
      }
      expect(
        (await (await browser(server.app, '192.0.2.11')).login(email, PASSWORD)).statusCode,
      ).toBe(429);
      // The owner's laptop, still at home or on the road, is not blocked.
      expect((await laptop.login(email, PASSWORD)).statusCode).toBe(200);
      await laptop.logout();

      // A forged device cookie, or a real one for another account, is a stranger's.
      const forger = await browser(server.app, '192.0.2.12');
      forger.cookies.set(`kinfolio_device_${owner.id}`, `${owner.id}.made-up.signature`);
      expect((await forger.login(email, PASSWORD)).statusCode).toBe(429);
      const insider = await browser(server.app, '192.0.2.13');
      expect((await insider.login('insider@example.com', PASSWORD)).statusCode).toBe(200);
      const insiderCookie = [...insider.cookies].find(([name]) => DEVICE_COOKIE.test(name))!;
      insider.cookies.set(`kinfolio_device_${owner.id}`, insiderCookie[1]);
      expect((await insider.login(email, PASSWORD)).statusCode).toBe(429);

      // The device has a limit of its own.
      for (let i = 0; i < LIMITS.loginMaxAttempts; i++) {
        expect((await laptop.login(email, 'wrong-password')).statusCode).toBe(422);
      }
      expectThrottled(await laptop.login(email, PASSWORD), LIMITS.loginDecaySeconds);
    },
  );

  it.skipIf(store === 'redis' && !withRedis)(
    'makes the browser that resets the password a known device, for an owner on a new device',
    async () => {
      const email = 'traveller@example.com';
      await server.createUser({ email });
      for (let i = 0; i < LIMITS.loginAccountMaxAttempts; i++) {
        await failFrom(server.app, `100.64.4.${i + 1}`, email);
      }
      const phone = await browser(server.app, '192.0.2.40');
      expect((await phone.login(email, PASSWORD)).statusCode).toBe(429);
      const token = 'a-token-from-the-mail';
      await server.ctx.db
        .insertInto('password_reset_tokens')
        .values({ email, token_hash: sha256(token), created_at: new Date().toISOString() })
        .execute();
      const password = 'a-new-password-2';
      const reset = await phone.send('POST', '/reset-password', {
        email,
        token,
        password,
        password_confirmation: password,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await phone.login(email, password)).statusCode).toBe(200);
      // Others are still refused.
      expect(
        (await (await browser(server.app, '192.0.2.41')).login(email, password)).statusCode,
      ).toBe(429);
    },
  );

  it.skipIf(store === 'redis' && !withRedis)(
    'clears the device and account-address counters on success, not what others ran up',
    async () => {
      const email = 'family@example.com';
      await server.createUser({ email });
      const others = 15;
      const own = LIMITS.loginMaxAttempts - 1;
      for (let i = 0; i < others; i++) {
        await failFrom(server.app, `100.64.2.${i + 1}`, email);
      }
      // The owner mistypes at home, then gets it right: a known device from now on.
      const home = '192.0.2.20';
      const desktop = await browser(server.app, home);
      for (let i = 0; i < own; i++) {
        expect((await desktop.login(email, 'wrong-password')).statusCode).toBe(422);
      }
      expect((await desktop.login(email, PASSWORD)).statusCode).toBe(200);
      await desktop.logout();

      // Another browser at home (no device cookie) has its full allowance again…
      const tablet = await browser(server.app, home);
      const left = LIMITS.loginAccountMaxAttempts - others - own - 1;
      expect(left).toBeGreaterThanOrEqual(LIMITS.loginMaxAttempts - 1);
      for (let i = 0; i < LIMITS.loginMaxAttempts; i++) {
        expect((await tablet.login(email, 'wrong-password')).statusCode).toBe(422);
      }
      expectThrottled(await tablet.login(email, PASSWORD), LIMITS.loginDecaySeconds);
      // …but the account still counts every failure but the successful attempt's: the others'
      // and the owner's own, so a stranger reaches the account limit right on time.
      const counted = others + own + LIMITS.loginMaxAttempts;
      for (let i = counted; i < LIMITS.loginAccountMaxAttempts; i++) {
        expect((await failFrom(server.app, `100.64.3.${i}`, email)).statusCode).toBe(422);
      }
      expectThrottled(
        await failFrom(server.app, '100.64.3.250', email),
        LIMITS.loginAccountDecaySeconds,
        LIMITS.loginDecaySeconds,
      );

      // The known desktop mistypes, logs in (clearing its counter), and has its allowance again.
      for (let i = 0; i < own; i++) {
        expect((await desktop.login(email, 'wrong-password')).statusCode).toBe(422);
      }
      expect((await desktop.login(email, PASSWORD)).statusCode).toBe(200);
      await desktop.logout();
      for (let i = 0; i < LIMITS.loginMaxAttempts; i++) {
        expect((await desktop.login(email, 'wrong-password')).statusCode).toBe(422);
      }
      expectThrottled(await desktop.login(email, PASSWORD), LIMITS.loginDecaySeconds);
    },
  );

  it.skipIf(store === 'redis' && !withRedis)(
    'remembers the counters when the server restarts on the same database',
    async () => {
      const database = await createTestDatabase();
      const kept = { ...database, destroy: async () => undefined };
      const config = loadConfig({
        DATA_DIR: path.join(os.tmpdir(), 'kinfolio-test-data'),
        APP_URL: 'http://kinfolio.test',
        WEB_DIST: path.join(os.tmpdir(), 'kinfolio-no-web-build'),
        LOG_LEVEL: 'silent',
        ...env,
      });
      const start = async () => {
        const { app, ctx } = await buildApp(config, { database: kept, logger: false });
        await app.ready();
        return { app, ctx };
      };
      const email = 'restarted@example.com';
      let { app, ctx } = await start();
      try {
        await createAccount(
          ctx.db,
          { name: 'Restarted', email, password: PASSWORD, permissions: [], verified: true },
          ctx.now(),
        );
        for (let i = 0; i < LIMITS.loginMaxAttempts; i++) {
          expect((await failFrom(app, '192.0.2.30', email)).statusCode).toBe(422);
        }
        await app.close();
        ({ app, ctx } = await start());
        expectThrottled(
          await (await browser(app, '192.0.2.30')).login(email, PASSWORD),
          LIMITS.loginDecaySeconds,
        );
      } finally {
        if (store === 'redis') await dropRedisKeys(ctx.appKey);
        await app.close();
        await database.destroy();
      }
    },
  );
});

describe('the address a login is counted on', () => {
  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const direct = await createTestServer();
    const proxied = await createTestServer({ env: { TRUST_PROXY: 'true' } });
    try {
      for (const server of [direct, proxied]) {
        await server.createUser({ email: 'spoofed@example.com' });
      }
      // Straight from the internet, a forwarded address is the client's own invention.
      for (let i = 0; i < LIMITS.loginMaxAttempts; i++) {
        const response = await spoofFrom(direct.app, '198.18.0.1', {
          'x-forwarded-for': `198.18.1.${i}`,
        });
        expect(response.statusCode).toBe(422);
      }
      expect(
        (await spoofFrom(direct.app, '198.18.0.1', { 'x-forwarded-for': '198.18.1.99' }))
          .statusCode,
      ).toBe(429);

      // Behind a local proxy, the address it adds is the client; what the client wrote before it
      // is not believed.
      for (let i = 0; i < LIMITS.loginMaxAttempts; i++) {
        const response = await spoofFrom(proxied.app, '127.0.0.1', {
          'x-forwarded-for': `10.9.9.${i}, 198.18.2.1`,
        });
        expect(response.statusCode).toBe(422);
      }
      expect(
        (await spoofFrom(proxied.app, '127.0.0.1', { 'x-forwarded-for': '198.18.2.1' })).statusCode,
      ).toBe(429);
      // Different clients behind the proxy are different addresses.
      expect(
        (await spoofFrom(proxied.app, '127.0.0.1', { 'x-forwarded-for': '198.18.2.2' })).statusCode,
      ).toBe(422);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });

  it('counts an IPv6 /64 as one address and an IPv4 address however it is written', () => {
    expect(addressOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressOf('::1')).toBe('0:0:0:0::/64');
    expect(addressOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

async function spoofFrom(app: FastifyInstance, address: string, headers: Record<string, string>) {
  return (await browser(app, address)).login('spoofed@example.com', 'wrong-password', headers);
}
