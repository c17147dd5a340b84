import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, SiteTranslationsTable } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type SiteTranslationRow = Selectable<SiteTranslationsTable>;
export type SiteTranslationValues = Partial<Pick<SiteTranslationRow, 'fr' | 'en' | 'it' | 'de'>>;

export function siteTranslationsRepository(db: Executor) {
  return {
    listAll(): Promise<SiteTranslationRow[]> {
      return db.selectFrom('site_translations').selectAll().orderBy('key').execute();
    },
    find(id: number): Promise<SiteTranslationRow | undefined> {
      return db.selectFrom('site_translations').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByKey(key: string): Promise<SiteTranslationRow | undefined> {
      return db
        .selectFrom('site_translations')
        .selectAll()
        .where('key', '=', key)
        .executeTakeFirst();
    },
    /** Inserts the key with empty values unless it exists (even if inserted concurrently). */
    insertIfAbsent(key: string, now: string): Promise<SiteTranslationRow | undefined> {
      return db
        .insertInto('site_translations')
        .values({ key, fr: '', en: '', it: '', de: '', created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .returningAll()
        .executeTakeFirst();
    },
    async update(id: number, values: SiteTranslationValues, now: string) {
      return db
        .updateTable('site_translations')
        .set({ ...values, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
