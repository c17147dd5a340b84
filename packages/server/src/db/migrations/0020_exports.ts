import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Exports an admin started from the downloads screen (modules/exports): one item type or one
 * category as JSON, CSV, a zipped HTML site or zipped .eml mails, written to EXPORT_DIR. `scope`
 * is the item type's name or the category's id; `file_name` is the file's name in EXPORT_DIR
 * (null until written). Who started it is kept by name too, so the list outlives the account.
 * Not stamped: read by the admin routes only, never cached (stamps.test.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('exports'))
    // type | category
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    // json | csv | html | eml
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('scope', 'varchar(100)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)')
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    // queued | running | done | failed
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('job_id', 'varchar(100)')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'varchar(255)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('exports_created_at_idx')
    .on('exports')
    .column('created_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exports').execute();
}
