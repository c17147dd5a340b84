import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Accounts complete (pictures, social login, e-mail verification):
 * - `users.picture` and `users.site_picture`: the version of the user's profile and site picture
 *   (null: none). The WebP sizes live in the pictures storage under keys derived from the user
 *   and that version (modules/user-pictures); `users` is stamped `auth` already, so a new picture
 *   reaches the kept sessions at once.
 * - `user_identities`: accounts at social login providers linked to a user, one per provider
 *   subject. Not stamped: read by the login callback and the profile's list only, never cached.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('picture', 'text').execute();
  await db.schema.alterTable('users').addColumn('site_picture', 'text').execute();
  await withId(db, db.schema.createTable('user_identities'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addUniqueConstraint('user_identities_subject_unique', ['provider', 'subject'])
    .execute();
  await db.schema
    .createIndex('user_identities_user_idx')
    .on('user_identities')
    .column('user_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_identities').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('site_picture').execute();
  await db.schema.alterTable('users').dropColumn('picture').execute();
}
