import { sql, type Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * The background job queue in the app's own database (jobs/database-queue.ts), and the record of
 * jobs that failed every attempt (failed_jobs, also written by the BullMQ backend). Times the
 * workers compare (`available_at`, `locked_until`, `next_run_at`) are milliseconds since the epoch.
 * Not stamped: job bookkeeping changes nothing a cached answer shows (stamps.test.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('jobs'))
    .addColumn('queue', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // queued | running | done | failed
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('backoff_ms', 'integer', (c) => c.notNull())
    .addColumn('lease_ms', 'integer', (c) => c.notNull())
    .addColumn('available_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('unique_key', 'varchar(200)')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('jobs_claim_idx')
    .on('jobs')
    .columns(['state', 'queue', 'available_at'])
    .execute();
  await db.schema
    .createIndex('jobs_lease_idx')
    .on('jobs')
    .columns(['state', 'locked_until'])
    .execute();
  // One live job per key (enqueue with `key` returns the live one instead of adding another).
  await db.schema
    .createIndex('jobs_unique_key_idx')
    .on('jobs')
    .column('unique_key')
    .unique()
    .where(sql.ref('state'), 'in', sql`('queued', 'running')`)
    .execute();

  await withId(db, db.schema.createTable('failed_jobs'))
    .addColumn('job_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('queue', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('failed_jobs_failed_at_idx')
    .on('failed_jobs')
    .column('failed_at')
    .execute();

  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('interval_ms', 'bigint', (c) => c.notNull())
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_schedules').execute();
  await db.schema.dropTable('failed_jobs').execute();
  await db.schema.dropTable('jobs').execute();
}
