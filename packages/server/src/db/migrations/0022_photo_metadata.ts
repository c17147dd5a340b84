import type { Kysely } from 'kysely';

/**
 * Photo metadata read once: the day and place a photo was taken (EXIF, GPS) are read
 * when it is uploaded and kept on its row, so reading an item never opens its files. Rows stored
 * before this migration have `metadata_read` 0; a background job (modules/files/photo-metadata.ts)
 * reads them in batches and sets it to 1, with whatever it found. `files` is stamped (archive).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  /** `YYYY-MM-DD`: the camera's calendar day, no time nor zone. */
  await db.schema.alterTable('files').addColumn('taken_on', 'text').execute();
  // Degrees; double precision keeps the six decimals kept (a `real` is float4 on PostgreSQL).
  await db.schema.alterTable('files').addColumn('latitude', 'double precision').execute();
  await db.schema.alterTable('files').addColumn('longitude', 'double precision').execute();
  /** 1 once the file's metadata was looked for (found or not), 0 until the backfill reads it. */
  await db.schema
    .alterTable('files')
    .addColumn('metadata_read', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['metadata_read', 'longitude', 'latitude', 'taken_on']) {
    await db.schema.alterTable('files').dropColumn(column).execute();
  }
}
