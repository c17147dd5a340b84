import { timeCodeOf, type RecordSegment } from '@kinfolio/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { segmentsRepository, type SegmentRow } from './repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The keywords column: a JSON array of strings (anything else reads as none). */
export function keywordsOf(row: Pick<SegmentRow, 'keywords'>): string[] {
  try {
    const parsed: unknown = JSON.parse(row.keywords);
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Segments as the API shows them, in the order given, their people in one query. */
export async function presentSegments(db: Executor, rows: SegmentRow[]): Promise<RecordSegment[]> {
  const people = await segmentsRepository(db).people(rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    record_id: row.record_id,
    start: row.start_seconds,
    end: row.end_seconds,
    time_code: timeCodeOf(row.start_seconds),
    title: row.title,
    synopsis: row.synopsis,
    keywords: keywordsOf(row),
    transcript: row.transcript,
    participants: people
      .filter((p) => p.segment_id === row.id)
      .map(({ id, name }) => ({ id, name })),
    origin: row.origin,
    edited: row.edited === 1,
    updated_at: row.updated_at,
  }));
}

/** A record's segments as the API shows them, in time order. */
export async function listSegments(db: Executor, recordId: number): Promise<RecordSegment[]> {
  return presentSegments(db, await segmentsRepository(db).ofRecord(recordId));
}
