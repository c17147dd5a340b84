import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Files attached to items. A FilePond upload first lives here with `item_id` null and its server id
 * in `upload_token`; `addfilepond` attaches it. The bytes are in the file storage under
 * `storage_key` (and `thumb_key` for an image preview), never in the database.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('files'))
    .addColumn('item_id', 'integer', (c) => c.references('items.id'))
    .addColumn('upload_token', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text')
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attached_at', 'text')
    .execute();
  // The files of an item; `item_id is null` with `created_at` finds expired uploads.
  await db.schema.createIndex('files_item_idx').on('files').columns(['item_id', 'id']).execute();
  await db.schema
    .createIndex('files_temporary_idx')
    .on('files')
    .columns(['item_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('files').execute();
}
