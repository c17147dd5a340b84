import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { bullmqQueue, databaseQueue, type JobQueue, type JobState } from '../jobs/index.js';
import { createTestDatabase, testDialect } from './database.js';
import { redisReachable, TEST_REDIS_URL, testRedisPrefix } from './redis.js';

export const say = process.env.DEBUG_JOBS ? console.log : () => undefined;
export const silent: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => undefined,
  error: say,
  warn: say,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => silent,
} as unknown as FastifyBaseLogger;

export type TestQueue = JobQueue & { abandon(): Promise<void> };

// Each test file's own Redis keys: test files (and the SQLite and PostgreSQL runs) run in parallel.
const PREFIX = testRedisPrefix(testDialect());

/** Each test's queues share a database (and, for BullMQ, a key prefix) but not another test's. */
export const queueBackends: {
  name: string;
  make: (db: DatabaseHandle, test: number) => TestQueue;
}[] = [
  {
    name: `database (${testDialect()})`,
    make: (h) => databaseQueue({ db: h.db, dialect: h.dialect, log: silent, pollMs: 25 }),
  },
  {
    name: 'bullmq',
    make: (h, test) =>
      bullmqQueue({ redisUrl: TEST_REDIS_URL, prefix: `${PREFIX}-${test}`, db: h.db, log: silent }),
  },
];

export const withRedis = await redisReachable('BullMQ is skipped');

export async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The hooks of one backend's contract suite (call inside its describe): a test database, the
 * queues a test opens (stopped after it), job names of the test's own.
 */
export function queueSuite(name: string, make: (db: DatabaseHandle, test: number) => TestQueue) {
  const skip = name === 'bullmq' && !withRedis;
  let handle: DatabaseHandle;
  let open: TestQueue[] = [];
  let seq = 0;
  let test = 0;
  /** A job name of this test's own: the database queue takes only the names it declared. */
  const unique = (label: string) => `${label}.${(seq += 1)}.${randomBytes(3).toString('hex')}`;
  const queue = () => {
    const q = make(handle, test);
    open.push(q);
    return q;
  };
  const waitFor = (q: JobQueue, id: string, wanted: JobState) =>
    until(
      () => q.status(id),
      (s) => s?.state === wanted,
    );

  beforeAll(async () => {
    if (skip) return;
    handle = await createTestDatabase();
    await migrateToLatest(handle.db);
  });
  afterEach(async () => {
    await Promise.all(open.map((q) => q.stop()));
    open = [];
    test += 1;
  });
  afterAll(async () => {
    if (skip) return;
    await handle.destroy();
    if (name === 'bullmq') {
      const redis = new Redis(TEST_REDIS_URL);
      const keys = await redis.keys(`${PREFIX}-*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
  /** A queue the test abandoned (a worker that died): not stopped after the test. */
  const forget = (q: TestQueue) => {
    open = open.filter((other) => other !== q);
  };
  return { skip, unique, queue, waitFor, forget };
}
