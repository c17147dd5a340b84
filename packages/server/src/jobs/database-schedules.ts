import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { scheduleKey, startWindowMs, type JobRegistry, type Schedule } from './registry.js';
import type { EnqueueOptions } from './types.js';

/**
 * The database queue's schedules (job_schedules): each schedule's next run is a row, and
 * whoever moves it on queues the run, so every interval makes one run across all workers.
 */
export function databaseSchedules(
  db: Kysely<Database>,
  registry: JobRegistry,
  enqueue: (name: string, payload: unknown, options?: EnqueueOptions) => Promise<string>,
) {
  /** Whoever moves a schedule's next run on enqueues the run: once per interval in all. */
  async function runDue(now: number, names: string[]) {
    for (const schedule of registry.schedules.values()) {
      if (!names.includes(schedule.name)) continue;
      const due = await db
        .updateTable('job_schedules')
        .set({ next_run_at: sql`cast(${now} as bigint) + interval_ms` })
        .where('name', '=', schedule.name)
        .where('next_run_at', '<=', now)
        .returning('name')
        .executeTakeFirst();
      if (due) await enqueue(schedule.name, schedule.payload, { key: scheduleKey(schedule.name) });
    }
  }

  async function declare() {
    const now = Date.now();
    for (const schedule of registry.schedules.values()) {
      await db
        .insertInto('job_schedules')
        .values({ name: schedule.name, interval_ms: schedule.intervalMs, next_run_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      // A shorter interval than before takes effect now, not after the old one's wait.
      await db
        .updateTable('job_schedules')
        .set({
          interval_ms: schedule.intervalMs,
          next_run_at: sql`case when next_run_at > cast(${now + schedule.intervalMs} as bigint) then cast(${now + schedule.intervalMs} as bigint) else next_run_at end`,
        })
        .where('name', '=', schedule.name)
        .where('interval_ms', '!=', schedule.intervalMs)
        .execute();
    }
  }

  /**
   * A start run counts as its schedule's run: it moves the next run an interval on. Of workers
   * started together only one queues it: not when another worker claimed one within the start
   * window, nor while another's start run is queued or running under a live lease. A run that has
   * finished does not stand in for this one: a process started again after a crash checks what
   * it left behind, however soon after the last run.
   */
  async function claimStartRun(schedule: Schedule) {
    const now = Date.now();
    const live = await db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', schedule.name)
      .where((eb) =>
        eb.or([
          eb('state', '=', 'queued'),
          eb.and([eb('state', '=', 'running'), eb('locked_until', '>', now)]),
        ]),
      )
      .executeTakeFirst();
    if (live) return false;
    const claimed = await db
      .updateTable('job_schedules')
      .set({ next_run_at: sql`cast(${now} as bigint) + interval_ms` })
      .where('name', '=', schedule.name)
      .where(
        'next_run_at',
        '<=',
        sql<number>`cast(${now - startWindowMs(schedule.intervalMs)} as bigint) + interval_ms`,
      )
      .returning('name')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  return { declare, runDue, claimStartRun };
}
