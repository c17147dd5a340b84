import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * `imports`: each import of a family's memories (modules/imports): where its source is (an
 * upload kept in the imports storage, or a server-side path an admin gave), who started it, its
 * status and progress, and its report as JSON (counts, skipped entries with their reasons, the
 * entries it created, near-duplicates, errors). `size` and `received` are the upload's declared
 * and received bytes, so that chunked, resumable uploads can add to a row later.
 *
 * `import_identities`: what was already imported, by kind and key (a file by its SHA-256; mails
 * and chat lines later), with the entry and file it became: importing the same source again, or
 * an overlapping one, creates nothing that exists, and a resumed import skips the units it had
 * committed. Goes with its item (deleted for good: imported again next time).
 *
 * `files_sha256_idx`: files found by their SHA-256, so that a picture already uploaded by hand
 * is not imported again either.
 *
 * Neither table is stamped (read by the import routes only, never cached) nor backed up (bookkeeping
 * of this installation).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('imports'))
    .addColumn('source_kind', 'varchar(40)')
    .addColumn('origin', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text')
    .addColumn('source_path', 'text')
    .addColumn('size', 'bigint')
    .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('job_id', 'varchar(100)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('undone_at', 'text')
    .execute();
  await db.schema
    .createIndex('imports_created_by_idx')
    .on('imports')
    .columns(['created_by', 'id'])
    .execute();

  await withId(db, db.schema.createTable('import_identities'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('import_id', 'integer', (c) => c.references('imports.id').onDelete('set null'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('phash', 'varchar(64)')
    .addColumn('near_item_id', 'integer')
    .addColumn('near_distance', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('import_identities_kind_key', ['kind', 'key'])
    .execute();
  await db.schema
    .createIndex('import_identities_import_idx')
    .on('import_identities')
    .column('import_id')
    .execute();
  await db.schema
    .createIndex('import_identities_item_idx')
    .on('import_identities')
    .column('item_id')
    .execute();
  // A picture uploaded by hand before is found by its bytes too: not imported a second time.
  await db.schema.createIndex('files_sha256_idx').on('files').column('sha256').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('files_sha256_idx').ifExists().execute();
  await db.schema.dropTable('import_identities').ifExists().execute();
  await db.schema.dropTable('imports').ifExists().execute();
}
