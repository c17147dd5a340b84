import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { failedJobsStore, recordFailure } from './failed-jobs.js';
import { JobRegistry, scheduleKey, startWindowMs, type Schedule } from './registry.js';
import {
  clampProgress,
  errorText,
  type EnqueueOptions,
  type JobQueue,
  type JobState,
  type JobStatus,
  type QueueDepth,
} from './types.js';

export interface BullmqQueueOptions {
  redisUrl: string;
  /** Key prefix in Redis: several archives (or test files) can share one Redis. */
  prefix: string;
  /** failed_jobs lives in the app's database whichever backend runs the jobs. */
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  concurrency?: number;
}

const DAY_SECONDS = 86_400;
/** Any priority puts a BullMQ job behind those without one; the value only orders background ones. */
const BACKGROUND_PRIORITY = 10;
const LOST = 'the worker stopped during the job (its lease expired)';

const STATES: Record<string, JobState> = {
  waiting: 'queued',
  delayed: 'queued',
  prioritized: 'queued',
  'waiting-children': 'queued',
  active: 'running',
  completed: 'done',
  failed: 'failed',
};

/**
 * Jobs in BullMQ on Redis (REDIS_URL). BullMQ holds a job under a lock its worker renews; a lock
 * that ran out (dead worker) sends the job back to wait ("stalled"). BullMQ gives up on a job
 * stalled too often without telling any worker, so that limit is set out of reach and the
 * processor itself turns a job started more often than its attempts allow into a failure, which
 * lands in failed_jobs like any other.
 */
export function bullmqQueue(options: BullmqQueueOptions): JobQueue & { abandon(): Promise<void> } {
  const { db, log, prefix } = options;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const connections: Redis[] = [];
  const connect = () => {
    // BullMQ's blocking commands need maxRetriesPerRequest null.
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    redis.on('error', (err: unknown) => log.warn({ err }, 'redis (job queue)'));
    connections.push(redis);
    return redis;
  };
  let producer: Redis | undefined;
  const queues = new Map<string, Queue>();
  const queueFor = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      producer ??= connect();
      queue = new Queue(name, { connection: producer, prefix });
      queues.set(name, queue);
    }
    return queue;
  };

  const jobOptions = (name: string): JobsOptions => {
    const definition = registry.get(name);
    return {
      attempts: definition.attempts,
      backoff: { type: 'exponential', delay: definition.backoffMs },
      // Finished jobs stay a day for status lookups; failures are kept in failed_jobs.
      removeOnComplete: { age: DAY_SECONDS },
      removeOnFail: { age: DAY_SECONDS },
      // BullMQ takes jobs without a priority before any prioritised one: background jobs wait.
      ...(definition.priority === 'background' ? { priority: BACKGROUND_PRIORITY } : {}),
    };
  };

  const enqueue = async (name: string, payload: unknown, o: EnqueueOptions = {}) => {
    const definition = registry.get(name);
    const job = await queueFor(definition.queue).add(name, payload ?? null, {
      ...jobOptions(name),
      jobId: randomUUID(),
      ...(o.delayMs ? { delay: o.delayMs } : {}),
      ...(o.key ? { deduplication: { id: o.key } } : {}),
    });
    return job.id!;
  };
  const registry: JobRegistry = new JobRegistry(log, enqueue);

  const workers: Worker[] = [];
  // One ping at a time: while Redis is away, commands wait for it (maxRetriesPerRequest null).
  let pinging: Promise<unknown> | undefined;

  async function process(job: Job, queueName: string, signal = new AbortController().signal) {
    const definition = registry.definitions.get(job.name);
    if (!definition) throw new UnrecoverableError(`No job named "${job.name}" is declared`);
    // Started more often than allowed: the extra starts were workers dying mid-job.
    if (job.attemptsStarted > definition.attempts) throw new UnrecoverableError(LOST);
    const jobLog = log.child({ job: job.id, jobName: job.name, queue: queueName });
    await definition.handler(job.data, {
      id: job.id!,
      attempt: job.attemptsStarted,
      log: jobLog,
      signal,
      progress: (percent) => job.updateProgress(clampProgress(percent)),
    });
  }

  async function onFailed(job: Job | undefined, error: Error, queueName: string) {
    if (!job) return;
    try {
      if ((await job.getState()) !== 'failed') {
        log.warn({ err: error, job: job.id, jobName: job.name }, 'job failed, will retry');
        return;
      }
      log.error({ err: error, job: job.id, jobName: job.name }, 'job failed for good');
      await recordFailure(db, {
        jobId: job.id!,
        queue: queueName,
        name: job.name,
        payload: job.data,
        error: errorText(error),
        attempts: job.attemptsStarted,
        failedAt: new Date(),
      });
    } catch (err) {
      log.error({ err, job: job.id }, 'recording a failed job failed');
    }
  }

  function startWorker(queueName: string) {
    const leaseMs = Math.max(
      ...[...registry.definitions.values()]
        .filter((d) => d.queue === queueName)
        .map((d) => d.leaseMs),
    );
    // Three parameters: BullMQ then hands each job an abort signal (cancelJob, cancelAllJobs).
    const worker = new Worker(queueName, (job, _token, signal) => process(job, queueName, signal), {
      connection: connect(),
      prefix,
      concurrency,
      lockDuration: leaseMs,
      stalledInterval: leaseMs,
      maxStalledCount: Number.MAX_SAFE_INTEGER,
    });
    worker.on('failed', (job, error) => void onFailed(job, error, queueName));
    // Its lock is gone, so another worker may already be running it: stop this run's work.
    worker.on('lockRenewalFailed', (ids) => {
      for (const id of ids) worker.cancelJob(id, 'the job lock was lost');
    });
    worker.on('error', (err) => log.error({ err, queue: queueName }, 'job worker error'));
    workers.push(worker);
    return worker;
  }

  /**
   * Of workers started within the start window, the first one's start run is the only one (a
   * key that lives for the window); when BullMQ runs the schedule now anyway, that run is it.
   */
  async function claimStartRun(schedule: Schedule, runningNow: boolean) {
    producer ??= connect();
    const key = `${prefix}:start-run:${schedule.name}`;
    const window = Math.max(1, Math.ceil(startWindowMs(schedule.intervalMs)));
    if (runningNow) {
      await producer.set(key, String(Date.now()), 'PX', window);
      return false;
    }
    return (await producer.set(key, String(Date.now()), 'PX', window, 'NX')) === 'OK';
  }

  async function closeAll(force: boolean) {
    if (force) for (const worker of workers) worker.cancelAllJobs('the worker abandoned the job');
    await Promise.all(workers.splice(0).map((w) => w.close(force)));
    await Promise.all([...queues.values()].map((q) => q.close()));
    queues.clear();
    await Promise.all(connections.splice(0).map((c) => c.quit().catch(() => c.disconnect())));
    producer = undefined;
  }

  return {
    backend: 'bullmq',
    define: (name, handler, o) => registry.define(name, handler, o),
    every: (name, intervalMs, payload, o) => registry.every(name, intervalMs, payload, o),
    enqueue,
    async status(id): Promise<JobStatus | undefined> {
      const names = new Set([...registry.definitions.values()].map((d) => d.queue));
      for (const queueName of names) {
        const job = await queueFor(queueName).getJob(id);
        if (!job) continue;
        const state = STATES[await job.getState()] ?? 'queued';
        return {
          id,
          name: job.name,
          state,
          progress: state === 'done' ? 100 : typeof job.progress === 'number' ? job.progress : 0,
          attempts: job.attemptsStarted,
          error: job.failedReason ? job.failedReason.split('\n')[0]! : null,
        };
      }
      return undefined;
    },
    failed: failedJobsStore(db, registry, (name, payload) => enqueue(name, payload)),
    async start(o = {}) {
      if (workers.length) return;
      const names = registry.namesFor(o.queues);
      const queueNames = new Set(names.map((name) => registry.get(name).queue));
      // The code is the list of schedules: one it no longer declares stops.
      for (const queueName of queueNames) {
        const queue = queueFor(queueName);
        for (const scheduler of await queue.getJobSchedulers()) {
          const declared = [...registry.schedules.keys()].some(
            (n) => scheduleKey(n) === scheduler.key,
          );
          if (!declared && scheduler.key.startsWith(scheduleKey(''))) {
            await queue.removeJobScheduler(scheduler.key);
          }
        }
      }
      // Schedules whose run is made now by BullMQ itself: new or changed ones (their first run is
      // immediate) and ones due within the start window (overdue after a stop).
      const runningNow = new Set<string>();
      for (const schedule of registry.schedules.values()) {
        if (!names.includes(schedule.name)) continue;
        const queue = queueFor(registry.get(schedule.name).queue);
        const before = await queue.getJobScheduler(scheduleKey(schedule.name));
        if (
          !before ||
          Number(before.every) !== schedule.intervalMs ||
          (before.next ?? 0) <= Date.now() + startWindowMs(schedule.intervalMs)
        ) {
          runningNow.add(schedule.name);
        }
        // Upserted by every instance, kept once in Redis: one run per interval in all.
        await queue.upsertJobScheduler(
          scheduleKey(schedule.name),
          { every: schedule.intervalMs },
          { name: schedule.name, data: schedule.payload, opts: jobOptions(schedule.name) },
        );
      }
      // Before the workers start: they would soon make a due run look done.
      await registry.enqueueStartRuns(names, (schedule) =>
        claimStartRun(schedule, runningNow.has(schedule.name)),
      );
      await Promise.all([...queueNames].map((name) => startWorker(name).waitUntilReady()));
      registry.started(names);
    },
    stop: () => closeAll(false),
    abandon: () => closeAll(true),
    async ping() {
      producer ??= connect();
      const redis = producer;
      pinging ??= redis.ping().finally(() => (pinging = undefined));
      await pinging;
    },
    async depth(): Promise<QueueDepth[]> {
      return Promise.all(
        registry.queues().map(async (queue) => {
          const counts = await queueFor(queue).getJobCounts(
            'waiting',
            'delayed',
            'prioritized',
            'waiting-children',
            'active',
          );
          const { active = 0, ...waiting } = counts;
          const queued = Object.values(waiting).reduce((sum, n) => sum + n, 0);
          return { queue, queued, running: active };
        }),
      );
    },
    observe: (listener) => registry.observe(listener),
    onStart: (listener) => registry.onStart(listener),
  };
}
