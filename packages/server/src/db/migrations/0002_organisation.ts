import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Categories, tags, participants and site translations, plus the items table and its link
 * tables: merging, dividing and counting participants, tags and categories act on those links,
 * so they exist from here on. The items issue adds the rest of the item columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('items'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('original_language', 'text')
    .addColumn('parent_id', 'integer', (c) => c.references('items.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('items_type_date_idx')
    .on('items')
    .columns(['type', 'date'])
    .execute();
  await db.schema.createIndex('items_parent_id_idx').on('items').column('parent_id').execute();
  await db.schema.createIndex('items_deleted_at_idx').on('items').column('deleted_at').execute();

  await withId(db, db.schema.createTable('categories'))
    .addColumn('name_fr', 'text')
    .addColumn('name_en', 'text')
    .addColumn('name_it', 'text')
    .addColumn('name_de', 'text')
    // No cascade: a category with children cannot be deleted.
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('categories_parent_position_idx')
    .on('categories')
    .columns(['parent_id', 'position'])
    .execute();

  await withId(db, db.schema.createTable('tags'))
    .addColumn('name_fr', 'text')
    .addColumn('name_en', 'text')
    .addColumn('name_it', 'text')
    .addColumn('name_de', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('participants'))
    .addColumn('name', 'text', (c) => c.notNull())
    // lower(name): the unique index refuses case-insensitive duplicates, even under concurrency.
    .addColumn('name_lower', 'text', (c) => c.notNull().unique())
    // Lower-cased and accent-stripped, for accent-insensitive search.
    .addColumn('search_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('item_participants')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('participant_id', 'integer', (c) =>
      c.notNull().references('participants.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_participants_pk', ['item_id', 'participant_id', 'role'])
    .execute();
  await db.schema
    .createIndex('item_participants_participant_idx')
    .on('item_participants')
    .columns(['participant_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('item_tags')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('item_tags_pk', ['item_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('item_tags_tag_idx')
    .on('item_tags')
    .columns(['tag_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('item_categories')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('categories.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('item_categories_pk', ['item_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('item_categories_category_idx')
    .on('item_categories')
    .columns(['category_id', 'item_id'])
    .execute();

  await withId(db, db.schema.createTable('site_translations'))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('fr', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('it', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('de', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'site_translations',
    'item_categories',
    'item_tags',
    'item_participants',
    'participants',
    'tags',
    'categories',
    'items',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
