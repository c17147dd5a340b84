import type { Kysely } from 'kysely';

/**
 * Thumbnails made by the job queue: an upload stores its bytes and row and queues the
 * `files.thumbnail` job, which a worker runs. `thumb_pending` is 1 from the upload until that job
 * has settled the image (thumbnail made, or none because sharp cannot read it), so the files
 * check can queue it again for a row whose job was lost (a crash between the row and the enqueue,
 * a job that failed for good during a storage outage) without retrying unreadable images forever.
 * Rows stored before this migration already had their thumbnail made at upload: 0.
 * `files` is stamped (archive), so this column is too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('thumb_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('thumb_pending').execute();
}
