// The job queue seam: app.ts builds one per process (context.ts `jobs`), modules declare jobs on it.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Dialect } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { bullmqQueue } from './bullmq-queue.js';
import { databaseQueue } from './database-queue.js';
import type { JobQueue } from './types.js';

export { bullmqQueue } from './bullmq-queue.js';
export { databaseQueue } from './database-queue.js';
export * from './types.js';

export interface JobQueueDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  log: FastifyBaseLogger;
}

/** BullMQ on Redis when REDIS_URL is set, else the app's own database. */
export function createJobQueue({ config, db, dialect, log }: JobQueueDeps): JobQueue {
  if (config.redisUrl) {
    return bullmqQueue({
      redisUrl: config.redisUrl,
      prefix: config.jobs.prefix,
      db,
      log,
      concurrency: config.jobs.concurrency,
    });
  }
  return databaseQueue({
    db,
    dialect,
    log,
    pollMs: config.jobs.pollMs,
    concurrency: config.jobs.concurrency,
  });
}
