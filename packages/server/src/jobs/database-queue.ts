import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Dialect } from '../db/connect.js';
import type { Database, JobsTable } from '../db/schema.js';
import { failedJobsStore, recordFailure } from './failed-jobs.js';
import { databaseSchedules } from './database-schedules.js';
import { JobRegistry, type Definition } from './registry.js';
import {
  backoffDelay,
  clampProgress,
  errorText,
  type EnqueueOptions,
  type JobQueue,
  type JobStatus,
  type QueueDepth,
} from './types.js';

type JobRow = Selectable<JobsTable>;

export interface DatabaseQueueOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for work (ms). */
  pollMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** Finished rows are kept this long for status lookups, then pruned. */
  keepFinishedMs?: number;
}

const HOUR = 3_600_000;

/**
 * Jobs in the app's own database, worked by a poll loop in every process that called start().
 * A worker claims a job in one statement (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: writes are
 * serialised, so UPDATE … WHERE id = (SELECT …) RETURNING is atomic) and holds it under a lease it
 * renews while the handler runs; every later write names the claim's token, so a worker that lost
 * its lease can no longer touch the job. A lease that ran out means the worker died: the job is
 * queued again, or recorded as failed if that was its last attempt.
 */
export function databaseQueue(options: DatabaseQueueOptions): JobQueue & {
  /** Stops like a killed process: running jobs keep their lease until it expires (tests). */
  abandon(): Promise<void>;
} {
  const { db, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const keepFinishedMs = options.keepFinishedMs ?? 24 * HOUR;
  const postgres = options.dialect === 'postgres';
  const workerId = randomUUID();
  /**
   * Runs of schedules (files check, retention, the backup schedule) are taken before work queued
   * earlier: one worker loop serves every queue, and the recovery after a crash must not wait
   * behind a backlog of thumbnails or MP3s.
   */
  const AHEAD_OF_BACKLOG_MS = 86_400_000;

  const enqueue = async (
    name: string,
    payload: unknown,
    o: EnqueueOptions = {},
  ): Promise<string> => {
    const definition: Definition = registry.get(name);
    if (o.key) {
      const live = await liveJobId(o.key);
      if (live) return live;
    }
    const now = Date.now();
    try {
      const row = await db
        .insertInto('jobs')
        .values({
          queue: definition.queue,
          name,
          payload: JSON.stringify(payload ?? null),
          state: 'queued',
          max_attempts: definition.attempts,
          backoff_ms: definition.backoffMs,
          lease_ms: definition.leaseMs,
          available_at: o.delayMs
            ? now + Math.max(0, o.delayMs)
            : registry.schedules.has(name)
              ? now - AHEAD_OF_BACKLOG_MS
              : now,
          unique_key: o.key ?? null,
          created_at: new Date(now).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      wake();
      return String(row.id);
    } catch (error) {
      // Another enqueue with the same key won the race: its job is the one.
      const live = o.key ? await liveJobId(o.key) : undefined;
      if (live) return live;
      throw error;
    }
  };
  const registry: JobRegistry = new JobRegistry(log, (n, p, o) => enqueue(n, p, o));

  async function liveJobId(key: string) {
    const row = await db
      .selectFrom('jobs')
      .select('id')
      .where('unique_key', '=', key)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return row && String(row.id);
  }

  // The poll loop ------------------------------------------------------------------------------
  let names: string[] = [];
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  const inFlight = new Map<number, { promise: Promise<void>; abandon: () => void }>();
  let nextMaintenance = 0;

  function wake() {
    wakeUp?.();
  }

  /** Background jobs are claimed only when no other job is waiting (see JobOptions.priority). */
  async function claim(): Promise<{ job: JobRow; token: string } | undefined> {
    const byPriority = (priority: string) =>
      names.filter((name) => registry.get(name).priority === priority);
    return (await claimAmong(byPriority('normal'))) ?? claimAmong(byPriority('background'));
  }

  async function claimAmong(names: string[]): Promise<{ job: JobRow; token: string } | undefined> {
    if (!names.length) return undefined;
    const now = Date.now();
    const token = `${workerId}:${randomUUID()}`;
    const job = await db
      .updateTable('jobs')
      .set({
        state: 'running',
        attempts: sql`attempts + 1`,
        locked_until: sql`cast(${now} as bigint) + lease_ms`,
        locked_by: token,
      })
      .where((eb) => {
        let next = eb
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', 'queued')
          .where('available_at', '<=', now)
          .where('name', 'in', names)
          .orderBy('available_at')
          .orderBy('id')
          .limit(1);
        if (postgres) next = next.forUpdate().skipLocked();
        return eb('id', '=', next);
      })
      .where('state', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
    return job && { job, token };
  }

  /** Writes to a job this worker still holds; false when its lease went to another. */
  async function updateHeld(id: number, token: string, set: Updateable<JobsTable>) {
    const result = await db
      .updateTable('jobs')
      .set(set)
      .where('id', '=', id)
      .where('locked_by', '=', token)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async function run(job: JobRow, token: string, definition: Definition, abort: AbortController) {
    const { signal } = abort;
    const jobLog = log.child({ job: job.id, jobName: job.name });
    const renew = () =>
      updateHeld(job.id, token, { locked_until: Date.now() + job.lease_ms }).then(
        (held) => {
          if (held) return;
          // Reaped as lost (this process stalled past the lease): the job is another's now.
          jobLog.warn('job lease lost: abandoning the job');
          abort.abort(new Error('the job lease was lost'));
        },
        (err: unknown) => jobLog.warn({ err }, 'job lease renewal failed'),
      );
    const heartbeat = setInterval(() => void renew(), Math.max(50, job.lease_ms / 3));
    signal.addEventListener('abort', () => clearInterval(heartbeat));
    try {
      await definition.handler(JSON.parse(job.payload), {
        id: String(job.id),
        attempt: job.attempts,
        log: jobLog,
        signal,
        progress: async (percent) => {
          if (signal.aborted) return;
          await updateHeld(job.id, token, {
            progress: clampProgress(percent),
            locked_until: Date.now() + job.lease_ms,
          });
        },
      });
      clearInterval(heartbeat);
      if (signal.aborted) return;
      await updateHeld(job.id, token, {
        state: 'done',
        progress: 100,
        error: null,
        locked_by: null,
        locked_until: null,
        finished_at: new Date().toISOString(),
      });
    } catch (error) {
      clearInterval(heartbeat);
      if (signal.aborted) return;
      const text = errorText(error);
      if (job.attempts < job.max_attempts) {
        jobLog.warn({ err: error, attempt: job.attempts }, 'job failed, will retry');
        await updateHeld(job.id, token, {
          state: 'queued',
          error: text,
          locked_by: null,
          locked_until: null,
          available_at: Date.now() + backoffDelay(job.backoff_ms, job.attempts),
        });
      } else {
        jobLog.error({ err: error, attempts: job.attempts }, 'job failed for good');
        await db.transaction().execute(async (trx) => {
          const failed = await trx
            .updateTable('jobs')
            .set({ state: 'failed', error: text, locked_by: null, locked_until: null })
            .set({ finished_at: new Date().toISOString() })
            .where('id', '=', job.id)
            .where('locked_by', '=', token)
            .executeTakeFirst();
          if (failed.numUpdatedRows > 0n) await recordFailure(trx, failureOf(job, text));
        });
      }
    }
  }

  const failureOf = (job: JobRow, error: string) => ({
    jobId: String(job.id),
    queue: job.queue,
    name: job.name,
    payload: safeParse(job.payload),
    error,
    attempts: job.attempts,
    failedAt: new Date(),
  });

  /** Jobs whose worker died: queued again, or failed if that was their last attempt. */
  async function reapExpiredLeases(now: number) {
    const lost = 'the worker stopped during the job (its lease expired)';
    await db
      .updateTable('jobs')
      .set({ state: 'queued', locked_by: null, locked_until: null, error: lost, available_at: now })
      .where('state', '=', 'running')
      .where('locked_until', '<', now)
      .where('attempts', '<', sql<number>`max_attempts`)
      .execute();
    await db.transaction().execute(async (trx) => {
      const failed = await trx
        .updateTable('jobs')
        .set({ state: 'failed', locked_by: null, locked_until: null, error: lost })
        .set({ finished_at: new Date(now).toISOString() })
        .where('state', '=', 'running')
        .where('locked_until', '<', now)
        .where('attempts', '>=', sql<number>`max_attempts`)
        .returningAll()
        .execute();
      for (const job of failed) await recordFailure(trx, failureOf(job, lost));
    });
  }

  const schedules = databaseSchedules(db, registry, enqueue);

  async function maintenance() {
    const now = Date.now();
    if (now < nextMaintenance) return;
    nextMaintenance = now + pollMs;
    await reapExpiredLeases(now);
    await schedules.runDue(now, names);
    await db
      .deleteFrom('jobs')
      .where('state', 'in', ['done', 'failed'])
      .where('finished_at', '<', new Date(now - keepFinishedMs).toISOString())
      .execute();
  }

  async function pollLoop() {
    while (running) {
      try {
        await maintenance();
        while (running && inFlight.size < concurrency) {
          const claimed = await claim();
          if (!claimed) break;
          start(claimed.job, claimed.token);
        }
      } catch (err) {
        log.error({ err }, 'job queue poll failed');
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  }

  function start(job: JobRow, token: string) {
    const controller = new AbortController();
    const definition = registry.definitions.get(job.name)!;
    const promise = run(job, token, definition, controller)
      .catch((err: unknown) => log.error({ err, job: job.id }, 'job bookkeeping failed'))
      .finally(() => {
        inFlight.delete(job.id);
        wake();
      });
    inFlight.set(job.id, {
      promise,
      abandon: () => controller.abort(new Error('the worker abandoned the job')),
    });
  }

  async function stopLoop() {
    running = false;
    wake();
    await loop;
    loop = undefined;
  }

  return {
    backend: 'database',
    define: (name, handler, o) => registry.define(name, handler, o),
    every: (name, intervalMs, payload, o) => registry.every(name, intervalMs, payload, o),
    enqueue: (name, payload, o) => enqueue(name, payload, o),
    async status(id): Promise<JobStatus | undefined> {
      if (!/^\d{1,15}$/.test(id)) return undefined;
      const row = await db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', Number(id))
        .executeTakeFirst();
      return (
        row && {
          id,
          name: row.name,
          state: row.state,
          progress: row.progress,
          attempts: row.attempts,
          error: row.error && row.error.split('\n')[0]!,
        }
      );
    },
    failed: failedJobsStore(db, registry, (name, payload) => enqueue(name, payload)),
    async start(o = {}) {
      if (running) return;
      names = registry.namesFor(o.queues);
      await schedules.declare();
      await registry.enqueueStartRuns(names, schedules.claimStartRun);
      running = true;
      nextMaintenance = 0;
      loop = pollLoop();
      registry.started(names);
    },
    async stop() {
      await stopLoop();
      await Promise.allSettled([...inFlight.values()].map((f) => f.promise));
    },
    async abandon() {
      for (const flight of inFlight.values()) flight.abandon();
      inFlight.clear();
      await stopLoop();
    },
    async ping() {
      await db.selectFrom('jobs').select('id').limit(1).execute();
    },
    async depth(): Promise<QueueDepth[]> {
      const rows = await db
        .selectFrom('jobs')
        .select(['queue', 'state', (eb) => eb.fn.countAll<number>().as('count')])
        .where('state', 'in', ['queued', 'running'])
        .groupBy(['queue', 'state'])
        .execute();
      const depths = new Map<string, QueueDepth>(
        registry.queues().map((queue) => [queue, { queue, queued: 0, running: 0 }]),
      );
      for (const row of rows) {
        const depth = depths.get(row.queue) ?? { queue: row.queue, queued: 0, running: 0 };
        depth[row.state === 'running' ? 'running' : 'queued'] = Number(row.count);
        depths.set(row.queue, depth);
      }
      return [...depths.values()];
    },
    observe: (listener) => registry.observe(listener),
    onStart: (listener) => registry.onStart(listener),
  };

  function safeParse(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
}
