import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { ItemSort } from '@kinfolio/contract';
import type { Database, RecordsTable } from '../../db/schema.js';
import { RECORD_FIELDS } from './fields.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type RecordRow = Selectable<RecordsTable>;
export type NewRecord = Insertable<RecordsTable>;
export type RecordChanges = Updateable<RecordsTable>;

/** What narrows a records list, and its order. */
export interface RecordFilter {
  trash: boolean;
  lang?: string | undefined;
  owner?: string | undefined;
  participant?: number | undefined;
  /** Records recorded at or after this instant (ISO, UTC). */
  dateFrom?: string | undefined;
  /** Records recorded before this instant (ISO, UTC). */
  dateBefore?: string | undefined;
  sort?: ItemSort | undefined;
}

/**
 * The list order of `sort` (the id breaks ties), as columns of `records as r`: by recording date
 * (records of unknown date after the dated ones, either way; records_list_idx) or by title
 * (records_title_idx, migration 0032).
 */
export function listOrder(sort: ItemSort = 'newest') {
  const undatedLast = [
    sql`case when r.registration_date is null then 1 else 0 end`,
    'asc',
  ] as const;
  switch (sort) {
    case 'newest':
      return [undatedLast, ['r.registration_date', 'desc'], ['r.id', 'desc']] as const;
    case 'oldest':
      return [undatedLast, ['r.registration_date', 'asc'], ['r.id', 'asc']] as const;
    case 'title':
      return [
        ['r.title', 'asc'],
        ['r.id', 'asc'],
      ] as const;
  }
}

/** The columns of a record read whole: its id, its own fields, and what the module keeps. */
export const RECORD_COLUMNS: readonly (keyof RecordsTable)[] = [
  'id',
  ...RECORD_FIELDS,
  'preview',
  'revisions_count',
  'deleted_at',
  'created_at',
  'updated_at',
  'place_id',
  'latitude',
  'longitude',
];

export function recordsRepository(db: Executor) {
  /** The filtered records as `r` (no columns chosen yet). */
  const filtered = (filter: RecordFilter) =>
    db
      .selectFrom('records as r')
      .where('r.deleted_at', filter.trash ? 'is not' : 'is', null)
      .$if(filter.lang !== undefined, (q) => q.where('r.lang', '=', filter.lang!))
      .$if(filter.dateFrom !== undefined, (q) =>
        q.where('r.registration_date', '>=', filter.dateFrom!),
      )
      .$if(filter.dateBefore !== undefined, (q) =>
        q.where('r.registration_date', '<', filter.dateBefore!),
      )
      .$if(!!filter.owner, (q) =>
        q.where(sql<string>`lower(r.owner)`, '=', filter.owner!.toLowerCase()),
      )
      .$if(filter.participant !== undefined, (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('record_people as rp')
              .select('rp.record_id')
              .whereRef('rp.record_id', '=', 'r.id')
              .where('rp.participant_id', '=', filter.participant!),
          ),
        ),
      );

  return {
    filtered,

    async insert(values: NewRecord): Promise<RecordRow> {
      return db.insertInto('records').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** Locked until the transaction ends when `forUpdate` (PostgreSQL). */
    find(id: number, forUpdate = false): Promise<RecordRow | undefined> {
      return db
        .selectFrom('records')
        .select(RECORD_COLUMNS)
        .where('id', '=', id)
        .$if(forUpdate, (q) => q.forUpdate())
        .executeTakeFirst();
    },

    byIds(ids: number[]): Promise<RecordRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('records').select(RECORD_COLUMNS).where('id', 'in', ids).execute();
    },

    async update(id: number, changes: RecordChanges): Promise<void> {
      await db.updateTable('records').set(changes).where('id', '=', id).execute();
    },

    async hardDelete(id: number): Promise<void> {
      // People and revisions go with it (on delete cascade).
      await db.deleteFrom('records').where('id', '=', id).execute();
    },

    async count(filter: RecordFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One page in the filter's order (newest recording first unless told). */
    page(filter: RecordFilter, limit: number, offset: number): Promise<RecordRow[]> {
      return listOrder(filter.sort)
        .reduce(
          (query, [column, direction]) => query.orderBy(column, direction),
          filtered(filter).select(RECORD_COLUMNS.map((c) => `r.${c}` as const)),
        )
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** The distinct owners of live records, alphabetically (case ignored). */
    async owners(): Promise<string[]> {
      const rows = await db
        .selectFrom('records')
        .select('owner')
        .distinct()
        .where('deleted_at', 'is', null)
        .where('owner', '<>', '')
        .execute();
      return rows
        .map((row) => row.owner)
        .sort(
          (a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }) || a.localeCompare(b),
        );
    },

    /** The people heard in each of these records, as ascending ids. */
    async peopleIdsOf(recordIds: number[]): Promise<Map<number, number[]>> {
      const byRecord = new Map(recordIds.map((id) => [id, [] as number[]]));
      if (recordIds.length === 0) return byRecord;
      const rows = await db
        .selectFrom('record_people')
        .select(['record_id', 'participant_id'])
        .where('record_id', 'in', recordIds)
        .orderBy('participant_id')
        .execute();
      for (const row of rows) byRecord.get(row.record_id)!.push(row.participant_id);
      return byRecord;
    },

    /** The people of many records with their names, by name. */
    people(recordIds: number[]) {
      if (recordIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('record_people as rp')
        .innerJoin('participants as p', 'p.id', 'rp.participant_id')
        .select(['rp.record_id', 'p.id', 'p.name'])
        .where('rp.record_id', 'in', recordIds)
        .orderBy('p.name_lower')
        .orderBy('p.id')
        .execute();
    },

    async replacePeople(recordId: number, ids: number[]): Promise<void> {
      await db.deleteFrom('record_people').where('record_id', '=', recordId).execute();
      if (ids.length === 0) return;
      await db
        .insertInto('record_people')
        .values(ids.map((participant_id) => ({ record_id: recordId, participant_id })))
        .execute();
    },

    /** Of these participant ids, those that do not exist. */
    async missingParticipants(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('participants')
        .select('id')
        .where('id', 'in', ids)
        .execute();
      const existing = new Set(rows.map((r) => r.id));
      return ids.filter((id) => !existing.has(id));
    },

    /** Participants by id with their names (people of old revisions that still exist). */
    participantNames(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('participants')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .orderBy('name_lower')
        .execute();
    },

    /**
     * Merging and dividing participants: `toId` is heard in every record `fromIds` are heard in,
     * once each. The caller deletes merged participants, whose own rows cascade.
     */
    async copyPeople(fromIds: number[], toId: number): Promise<void> {
      await db
        .insertInto('record_people')
        .columns(['record_id', 'participant_id'])
        .expression((eb) =>
          eb
            .selectFrom('record_people')
            .distinct()
            .select(['record_id', sql<number>`cast(${toId} as integer)`.as('participant_id')])
            .where('participant_id', 'in', fromIds),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Audio parts per record (attached files). */
    async filesCounts(recordIds: number[]): Promise<Map<number, number>> {
      if (recordIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('files')
        .select(['record_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('record_id', 'in', recordIds)
        .groupBy('record_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.record_id), Number(r.n)]));
    },
  };
}

export type RecordsRepository = ReturnType<typeof recordsRepository>;

/** A record, locked until the transaction ends on PostgreSQL: files attach audio through this. */
export function findRecordForUpdate(trx: Transaction<Database>, postgres: boolean) {
  return (id: number) => recordsRepository(trx).find(id, postgres);
}
