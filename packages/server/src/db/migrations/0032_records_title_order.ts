import type { Kysely } from 'kysely';

/**
 * Records listed by title (`sort=title` on GET /api/records): the live list or the trash, in
 * title order then by id, read from this index as the recording-date orders read
 * records_list_idx (deleted_at, registration_date, id), with no sort of the whole list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('records_title_idx')
    .on('records')
    .columns(['deleted_at', 'title', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('records_title_idx').ifExists().execute();
}
