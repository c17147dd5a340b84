import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/** The item types this migration allows; a later type widens the list in its own migration. */
const TYPES_0017 = ['post', 'mail', 'message', 'media', 'dream'] as const;

/**
 * Limits `items.type` to `types`: a CHECK constraint on PostgreSQL; on SQLite, where a constraint
 * cannot be added to an existing table without rebuilding it (and its full-text triggers and
 * foreign keys), triggers refusing any other value on insert and update. A migration adding a
 * type calls this again with the longer list.
 */
export async function constrainItemTypes(db: Kysely<unknown>, types: readonly string[]) {
  const list = sql.join(types.map((type) => sql.lit(type)));
  if (isPostgres(db)) {
    await sql`alter table items drop constraint if exists items_type_check`.execute(db);
    await sql`alter table items add constraint items_type_check check (type in (${list}))`.execute(
      db,
    );
    return;
  }
  for (const event of ['insert', 'update of type'] as const) {
    const name = sql.raw(`items_type_check_${event === 'insert' ? 'insert' : 'update'}`);
    await sql`drop trigger if exists ${name}`.execute(db);
    await sql`
      create trigger ${name} before ${sql.raw(event)} on items
      when new.type not in (${list})
      begin select raise(abort, 'items_type_check'); end
    `.execute(db);
  }
}

/**
 * Item types as data: the fifth type (dreams), the fields a type has of its own (`fields`, JSON
 * of the contract's ItemFields, checked by the type's schema on every write and kept in
 * revisions), who created an item (the history feed's "who"), the allowed types, and the
 * indexes of the feed of recent changes (newest creations, newest revisions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('items').addColumn('created_by', 'integer').execute();
  await db.schema.alterTable('items').addColumn('created_by_name', 'text').execute();
  await constrainItemTypes(db, TYPES_0017);
  await db.schema
    .createIndex('items_created_idx')
    .on('items')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('items_type_created_idx')
    .on('items')
    .columns(['type', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('item_revisions_created_idx')
    .on('item_revisions')
    .columns(['created_at', 'id'])
    .execute();
}
