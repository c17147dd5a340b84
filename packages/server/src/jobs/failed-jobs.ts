import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, FailedJobsTable } from '../db/schema.js';
import type { JobRegistry } from './registry.js';
import type { FailedJob, FailedJobs } from './types.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface FailureRecord {
  jobId: string;
  queue: string;
  name: string;
  payload: unknown;
  error: string;
  attempts: number;
  failedAt: Date;
}

const parsed = (row: Selectable<FailedJobsTable>): FailedJob => ({
  id: row.id,
  jobId: row.job_id,
  queue: row.queue,
  name: row.name,
  payload: parsePayload(row.payload),
  error: row.error,
  attempts: row.attempts,
  failedAt: row.failed_at,
});

function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function recordFailure(db: Db, failure: FailureRecord): Promise<void> {
  await db
    .insertInto('failed_jobs')
    .values({
      job_id: failure.jobId,
      queue: failure.queue,
      name: failure.name,
      payload: JSON.stringify(failure.payload ?? null),
      error: failure.error,
      attempts: failure.attempts,
      failed_at: failure.failedAt.toISOString(),
    })
    .execute();
}

/**
 * The failed_jobs table, whichever backend ran the jobs: a retry queues the job again through
 * `enqueue` (fresh attempts) and removes the failure in the same breath, so a retried job fails
 * again into a new row rather than two. Retrying a job no longer declared throws UnknownJobError.
 */
export function failedJobsStore(
  db: Kysely<Database>,
  registry: JobRegistry,
  enqueue: (name: string, payload: unknown) => Promise<string>,
): FailedJobs {
  /** As the admin sees it: the payload through its job's `redact`, if it has one. */
  const present = (job: FailedJob): FailedJob => {
    const redact = registry.definitions.get(job.name)?.redact;
    if (!redact) return job;
    try {
      return { ...job, payload: redact(job.payload) };
    } catch {
      return { ...job, payload: null };
    }
  };
  const raw = async (id: number) => {
    const row = await db
      .selectFrom('failed_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && parsed(row);
  };
  const retryRow = async (job: FailedJob) => {
    // A job no longer declared (renamed, removed) cannot run: its failure stays for the record.
    registry.get(job.name);
    // Removed first: of two admins retrying at once, only the one that removed it queues it.
    const { numDeletedRows } = await db
      .deleteFrom('failed_jobs')
      .where('id', '=', job.id)
      .executeTakeFirst();
    if (numDeletedRows === 0n) return undefined;
    return enqueue(job.name, job.payload);
  };
  return {
    async list(page, perPage) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('failed_jobs')
          .selectAll()
          .orderBy('failed_at', 'desc')
          .orderBy('id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        db
          .selectFrom('failed_jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((row) => present(parsed(row))), total: Number(count.n) };
    },
    async get(id) {
      const job = await raw(id);
      return job && present(job);
    },
    async retry(id) {
      const job = await raw(id);
      return job && retryRow(job);
    },
    async retryAll() {
      const rows = await db.selectFrom('failed_jobs').selectAll().orderBy('id').execute();
      let retried = 0;
      for (const row of rows) {
        // A job no longer declared keeps its failure listed; the others go back to work.
        if (!registry.definitions.has(row.name)) continue;
        if (await retryRow(parsed(row))) retried += 1;
      }
      return retried;
    },
    async delete(id) {
      const { numDeletedRows } = await db
        .deleteFrom('failed_jobs')
        .where('id', '=', id)
        .executeTakeFirst();
      return numDeletedRows > 0n;
    },
    async deleteAll() {
      const { numDeletedRows } = await db.deleteFrom('failed_jobs').executeTakeFirst();
      return Number(numDeletedRows);
    },
  };
}
