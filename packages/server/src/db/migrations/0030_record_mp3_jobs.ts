import type { Kysely } from 'kysely';

/**
 * The last MP3 generation job of each record (modules/records, mp3-job.ts): the routes know a
 * record and the queue answers about a job by its id. It was a JSON file beside the MP3s; in the
 * database every instance and worker sees it, whatever the storage. Goes with its record.
 * Job bookkeeping: not stamped (no cached route reads it, stamps.test.ts) and not backed up
 * (backups/format.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('record_mp3_jobs')
    .addColumn('record_id', 'integer', (c) =>
      c.primaryKey().references('records.id').onDelete('cascade'),
    )
    .addColumn('job_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('record_mp3_jobs').execute();
}
