import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL search within one type at a million items (SQLite has its FTS5 scope tokens, 0004):
 * one partial GIN index per item type over its live items, so that a per-type search's matches
 * come from the index of that type alone. From the index of every item, each match of another
 * type or in the trash was a row read from the table (a `fam` prefix in messages read the
 * 219,834 rows of every type that `fam:*` matches, for none in messages: 1.6 s). The types are
 * the five of migration 0017; a type added later needs its own index.
 */
export const TYPES = ['post', 'mail', 'message', 'media', 'dream'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const type of TYPES) {
    await sql`
      create index ${sql.raw(`items_search_${type}_idx`)} on items using gin (search_vector)
      where type = ${sql.lit(type)} and deleted_at is null
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const type of TYPES) {
    await db.schema.dropIndex(`items_search_${type}_idx`).ifExists().execute();
  }
}
