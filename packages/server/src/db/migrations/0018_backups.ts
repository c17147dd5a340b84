import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * The backups this installation wrote (modules/backups): one row per backup file in BACKUP_DIR,
 * with its progress while the job writes it. Not stamped: only the admin's backup routes read
 * it, never cached (stamps.test.ts). Not in the backups themselves either (format.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('backups'))
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull().unique())
    // running | done | failed
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'bigint')
    .addColumn('sha256', 'varchar(64)')
    // JSON: rows per table, and { files, bytes }
    .addColumn('counts', 'text')
    .addColumn('job_id', 'varchar(100)')
    // manual | scheduled | cli
    .addColumn('origin', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('backups_created_idx').on('backups').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backups').execute();
}
