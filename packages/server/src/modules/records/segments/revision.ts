import type { RecordRevisionData, RecordSegmentRevision } from '@kinfolio/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { RECORD_REVISIONS, storeRevision, type Actor } from '../../items/index.js';
import { placesByIds, placeValue } from '../../places/index.js';
import { pickFields, RECORD_FIELDS } from '../fields.js';
import { recordsRepository, type RecordRow } from '../repository.js';
import { presentSegments } from './present.js';
import type { SegmentRow } from './repository.js';

/** The segments as a revision keeps them, their people in one query. */
async function segmentsSnapshot(
  trx: Transaction<Database>,
  rows: SegmentRow[],
): Promise<RecordSegmentRevision[]> {
  return (await presentSegments(trx, rows)).map((segment) => ({
    start: segment.start,
    end: segment.end,
    title: segment.title,
    synopsis: segment.synopsis,
    keywords: segment.keywords,
    transcript: segment.transcript,
    participants: segment.participants.map((person) => person.id),
  }));
}

/**
 * Keeps the record as it was before a person changed its segments, its index with it, as one
 * more version in the record's history: who changed the index and when, and what it said.
 * Detection by the worker stores none (nobody wrote; edited segments survive it anyway).
 */
export async function storeSegmentsRevision(
  trx: Transaction<Database>,
  record: RecordRow,
  before: SegmentRow[],
  actor: Actor,
  at: string,
): Promise<void> {
  const repo = recordsRepository(trx);
  const people = (await repo.peopleIdsOf([record.id])).get(record.id) ?? [];
  const place =
    record.place_id === null
      ? null
      : placeValue((await placesByIds(trx, [record.place_id])).get(record.place_id));
  const data: RecordRevisionData = {
    ...pickFields(record, RECORD_FIELDS),
    people,
    place,
    segments: await segmentsSnapshot(trx, before),
  };
  await storeRevision(trx, RECORD_REVISIONS, record.id, actor, data, at);
  // The record's own fields did not change: its `updated_at` (which the MP3 follows) stays.
  await repo.update(record.id, { revisions_count: Number(record.revisions_count) + 1 });
}
