import type { Kysely } from 'kysely';

/**
 * Records in the history feed (GET /api/history): their creations and their revisions read
 * newest first from these indexes, as items' are from items_created_idx and
 * item_revisions_created_idx (0017), so a page of the feed never sorts a whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('records_created_idx')
    .on('records')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('record_revisions_created_idx')
    .on('record_revisions')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('record_revisions_created_idx').ifExists().execute();
  await db.schema.dropIndex('records_created_idx').ifExists().execute();
}
