import type { Kysely } from 'kysely';

/**
 * Deleted medias: a file removed by a hard delete of its item or record, or by a file
 * delete, keeps its row and its bytes for a retention period. The row is detached (`item_id` and
 * `record_id` null, so nothing lists it any more) and marked: when and by whom, and where it came
 * from (the owner's kind, id, item type and title at deletion time) so an admin can see it and
 * restore it. The `files` table is stamped (archive) already, so these columns are too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('deleted_at', 'text').execute();
  await db.schema.alterTable('files').addColumn('deleted_by', 'integer').execute();
  /** `item` or `record`. */
  await db.schema.alterTable('files').addColumn('origin_kind', 'text').execute();
  await db.schema.alterTable('files').addColumn('origin_id', 'integer').execute();
  /** The item's type (`post`, `media`…) or `record`. */
  await db.schema.alterTable('files').addColumn('origin_type', 'text').execute();
  await db.schema.alterTable('files').addColumn('origin_title', 'text').execute();
  // The deleted medias, newest first, and the expired ones for the retention job.
  await db.schema
    .createIndex('files_deleted_idx')
    .on('files')
    .columns(['deleted_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_deleted_idx').execute();
  for (const column of [
    'origin_title',
    'origin_type',
    'origin_id',
    'origin_kind',
    'deleted_by',
    'deleted_at',
  ]) {
    await db.schema.alterTable('files').dropColumn(column).execute();
  }
}
