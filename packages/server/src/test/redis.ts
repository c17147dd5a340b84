import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis of the tests (KINFOLIO_TEST_REDIS_URL wins). */
export const TEST_REDIS_URL = process.env.KINFOLIO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether a Redis answers at TEST_REDIS_URL, within a second. When it does not and `skipped` says
 * what is left out, a notice says so: a machine without Redis still runs the rest. With
 * KINFOLIO_REQUIRE_REDIS=1 (CI sets it) a missing Redis is an error instead, so that the tests
 * needing it fail rather than skip.
 */
export async function redisReachable(skipped?: string): Promise<boolean> {
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  let reachable: boolean;
  try {
    await redis.connect();
    reachable = (await redis.ping()) === 'PONG';
  } catch {
    reachable = false;
  } finally {
    redis.disconnect();
  }
  if (!reachable && process.env.KINFOLIO_REQUIRE_REDIS === '1') {
    throw new Error(`Redis is not reachable at ${TEST_REDIS_URL} and KINFOLIO_REQUIRE_REDIS=1`);
  }
  if (!reachable && skipped) {
    console.warn(`NOTICE: Redis is not reachable at ${TEST_REDIS_URL}; ${skipped}.`);
  }
  return reachable;
}

/** A Redis key prefix of this run of this file alone: test files and both dialects run in parallel. */
export function testRedisPrefix(label: string): string {
  return `kinfolio-test-${label}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/**
 * The job backends a route test runs against, as server settings: the app's database, and BullMQ
 * when a Redis answers (with keys of this run only).
 */
export async function jobBackends(label: string): Promise<[string, Record<string, string>][]> {
  const backends: [string, Record<string, string>][] = [['database queue', {}]];
  if (await redisReachable(`the ${label} tests skip BullMQ`)) {
    backends.push([
      'BullMQ',
      { REDIS_URL: TEST_REDIS_URL, JOB_QUEUE_PREFIX: testRedisPrefix(label) },
    ]);
  }
  return backends;
}
