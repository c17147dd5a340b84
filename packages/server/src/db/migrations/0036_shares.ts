import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * `shares`: links that let a relative without an account see one thing of the archive
 * (modules/shares). Only the SHA-256 of a link's token is kept. What it shares is one of five
 * columns, each a foreign key that deletes the link with its target when that is deleted for good
 * (an item, a record, a category with its subtree, a participant, a tag); a selection names
 * none and lists its entries in `share_entries`, each deleted with its item or record.
 * `views` and `last_viewed_at` count the public page's views; `revoked_at` ends a link at once.
 *
 * `share_events`: when a link was made, changed and revoked, and by whom (the audit of links).
 *
 * None is stamped: no cached route reads them (the public routes are never cached), so making,
 * viewing or revoking a link leaves the archive's cached answers alone. All three travel in
 * backups.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  const target = (table: string) => (c: ColumnDefinitionBuilder) =>
    c.references(`${table}.id`).onDelete('cascade');
  await withId(db, db.schema.createTable('shares'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('target_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'integer', target('items'))
    .addColumn('record_id', 'integer', target('records'))
    .addColumn('category_id', 'integer', target('categories'))
    .addColumn('participant_id', 'integer', target('participants'))
    .addColumn('tag_id', 'integer', target('tags'))
    .addColumn('label', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('show_names', 'integer', (c) => c.notNull())
    .addColumn('allow_download', 'integer', (c) => c.notNull())
    .addColumn('include_translations', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_viewed_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('shares_created_by_idx')
    .on('shares')
    .columns(['created_by', 'id'])
    .execute();
  for (const column of ['item_id', 'record_id', 'category_id', 'participant_id', 'tag_id']) {
    await db.schema.createIndex(`shares_${column}_idx`).on('shares').column(column).execute();
  }

  await withId(db, db.schema.createTable('share_entries'))
    .addColumn('share_id', 'integer', (c) =>
      c.notNull().references('shares.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'integer', target('items'))
    .addColumn('record_id', 'integer', target('records'))
    .execute();
  await db.schema
    .createIndex('share_entries_share_idx')
    .on('share_entries')
    .column('share_id')
    .execute();
  await db.schema
    .createIndex('share_entries_item_idx')
    .on('share_entries')
    .column('item_id')
    .execute();
  await db.schema
    .createIndex('share_entries_record_idx')
    .on('share_entries')
    .column('record_id')
    .execute();

  await withId(db, db.schema.createTable('share_events'))
    .addColumn('share_id', 'integer', (c) =>
      c.notNull().references('shares.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('share_events_share_idx')
    .on('share_events')
    .columns(['share_id', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share_events').ifExists().execute();
  await db.schema.dropTable('share_entries').ifExists().execute();
  await db.schema.dropTable('shares').ifExists().execute();
}
