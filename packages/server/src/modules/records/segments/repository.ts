import type { RecordSegmentOrigin } from '@kinfolio/contract';
import {
  sql,
  type Generated,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database } from '../../../db/schema.js';

/** The segment tables (migration 0039), declared beside the only module that reads them. */
export interface RecordSegmentsTable {
  id: Generated<number>;
  record_id: number;
  start_seconds: number;
  /** Null: to the end of the recording. */
  end_seconds: number | null;
  title: string;
  synopsis: string;
  /** JSON array of strings. */
  keywords: string;
  transcript: string;
  origin: RecordSegmentOrigin;
  /** 1 once a person changed it. */
  edited: number;
  created_at: string;
  updated_at: string;
}

export interface RecordSegmentPeopleTable {
  segment_id: number;
  participant_id: number;
}

export interface RecordSegmentJobsTable {
  record_id: number;
  job_id: string;
  updated_at: string;
}

// A type, not an interface: withTables wants an index signature.
export type SegmentTables = {
  record_segments: RecordSegmentsTable;
  record_segment_people: RecordSegmentPeopleTable;
  record_segment_jobs: RecordSegmentJobsTable;
};

type Executor = Kysely<Database> | Transaction<Database>;
export type SegmentRow = Selectable<RecordSegmentsTable>;
export type NewSegment = Insertable<RecordSegmentsTable>;
export type SegmentChanges = Updateable<RecordSegmentsTable>;

export const segmentsDb = (db: Executor) => db.withTables<SegmentTables>();

const COLUMNS = [
  'id',
  'record_id',
  'start_seconds',
  'end_seconds',
  'title',
  'synopsis',
  'keywords',
  'transcript',
  'origin',
  'edited',
  'created_at',
  'updated_at',
] as const;

/** Numbers as numbers, whatever the driver gave (PostgreSQL's doubles come as numbers already). */
function normalised(row: SegmentRow): SegmentRow {
  return {
    ...row,
    start_seconds: Number(row.start_seconds),
    end_seconds: row.end_seconds === null ? null : Number(row.end_seconds),
    edited: Number(row.edited),
  };
}

export function segmentsRepository(executor: Executor) {
  const db = segmentsDb(executor);
  return {
    /** A record's segments in time order. */
    async ofRecord(recordId: number): Promise<SegmentRow[]> {
      const rows = await db
        .selectFrom('record_segments')
        .select(COLUMNS)
        .where('record_id', '=', recordId)
        .orderBy('start_seconds')
        .orderBy('id')
        .execute();
      return rows.map(normalised);
    },

    async find(id: number): Promise<SegmentRow | undefined> {
      const row = await db
        .selectFrom('record_segments')
        .select(COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && normalised(row);
    },

    byIds(ids: number[]): Promise<SegmentRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('record_segments')
        .select(COLUMNS)
        .where('id', 'in', ids)
        .execute()
        .then((rows) => rows.map(normalised));
    },

    async insert(values: NewSegment): Promise<SegmentRow> {
      const row = await db
        .insertInto('record_segments')
        .values(values)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return normalised(row);
    },

    async update(id: number, changes: SegmentChanges): Promise<void> {
      await db.updateTable('record_segments').set(changes).where('id', '=', id).execute();
    },

    async remove(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('record_segments').where('id', 'in', ids).execute();
    },

    /** The people heard in each of these segments, by name. */
    people(segmentIds: number[]) {
      if (segmentIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('record_segment_people as sp')
        .innerJoin('participants as p', 'p.id', 'sp.participant_id')
        .select(['sp.segment_id', 'p.id', 'p.name'])
        .where('sp.segment_id', 'in', segmentIds)
        .orderBy('p.name_lower')
        .orderBy('p.id')
        .execute();
    },

    async peopleIds(segmentId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('record_segment_people')
        .select('participant_id')
        .where('segment_id', '=', segmentId)
        .orderBy('participant_id')
        .execute();
      return rows.map((row) => row.participant_id);
    },

    async replacePeople(segmentId: number, ids: number[]): Promise<void> {
      await db.deleteFrom('record_segment_people').where('segment_id', '=', segmentId).execute();
      if (ids.length === 0) return;
      await db
        .insertInto('record_segment_people')
        .values(ids.map((participant_id) => ({ segment_id: segmentId, participant_id })))
        .execute();
    },

    /** Merging and dividing participants: `toId` is heard wherever `fromIds` are, once each. */
    async copyPeople(fromIds: number[], toId: number): Promise<void> {
      await db
        .insertInto('record_segment_people')
        .columns(['segment_id', 'participant_id'])
        .expression((eb) =>
          eb
            .selectFrom('record_segment_people')
            .distinct()
            .select(['segment_id', sql<number>`cast(${toId} as integer)`.as('participant_id')])
            .where('participant_id', 'in', fromIds),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async rememberJob(recordId: number, jobId: string, at: string): Promise<void> {
      await db
        .insertInto('record_segment_jobs')
        .values({ record_id: recordId, job_id: jobId, updated_at: at })
        .onConflict((oc) => oc.column('record_id').doUpdateSet({ job_id: jobId, updated_at: at }))
        .execute();
    },

    async lastJob(recordId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('record_segment_jobs')
        .select('job_id')
        .where('record_id', '=', recordId)
        .executeTakeFirst();
      return row?.job_id;
    },
  };
}

export type SegmentsRepository = ReturnType<typeof segmentsRepository>;
