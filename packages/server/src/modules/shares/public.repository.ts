import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ItemRow, RecordRow } from './scope.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** What the public page shows of rows the share's scope has already let through. */
export function publicRepository(db: Executor) {
  return {
    /** The other live versions of an item's story, the original first, then by language. */
    versions(row: ItemRow): Promise<ItemRow[]> {
      const story = row.parent_id ?? row.id;
      return db
        .selectFrom('items')
        .selectAll()
        .where((eb) => eb.or([eb('id', '=', story), eb('parent_id', '=', story)]))
        .where('id', '!=', row.id)
        .where('deleted_at', 'is', null)
        .orderBy('parent_id', (ob) => ob.nullsFirst())
        .orderBy('language')
        .orderBy('id')
        .execute();
    },
    itemRows(ids: number[]): Promise<ItemRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('items').selectAll().where('id', 'in', ids).execute();
    },
    recordRows(ids: number[]): Promise<RecordRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('records').selectAll().where('id', 'in', ids).execute();
    },
    recordPeople(recordId: number) {
      return db
        .selectFrom('record_people as rp')
        .innerJoin('participants as p', 'p.id', 'rp.participant_id')
        .select('p.name')
        .where('rp.record_id', '=', recordId)
        .orderBy('p.name_lower')
        .orderBy('p.id')
        .execute();
    },
    /** How many live parts each record has. */
    async recordFileCounts(recordIds: number[]): Promise<Map<number, number>> {
      if (recordIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('files')
        .select(['record_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('record_id', 'in', recordIds)
        .groupBy('record_id')
        .execute();
      return new Map(rows.map((row) => [Number(row.record_id), Number(row.n)]));
    },
    /** The sharer's name and site picture version (null when the account is gone). */
    sharer(userId: number | null) {
      if (userId === null) return Promise.resolve(undefined);
      return db
        .selectFrom('users')
        .select(['id', 'name', 'site_picture'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
    /** The names, in every language, of a share's category, tag or participant. */
    category(id: number) {
      return db
        .selectFrom('categories')
        .select(['name_fr', 'name_en', 'name_it', 'name_de'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    tag(id: number) {
      return db
        .selectFrom('tags')
        .select(['name_fr', 'name_en', 'name_it', 'name_de'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    participant(id: number) {
      return db.selectFrom('participants').select('name').where('id', '=', id).executeTakeFirst();
    },
    item(id: number) {
      return db
        .selectFrom('items')
        .select(['title', 'type'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    record(id: number) {
      return db.selectFrom('records').select('title').where('id', '=', id).executeTakeFirst();
    },
  };
}
export type PublicRepository = ReturnType<typeof publicRepository>;
