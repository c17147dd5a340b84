import {
  RECORD_SEGMENT_LIMITS,
  type RecordSegment,
  type RecordSegmentCreateBody,
  type RecordSegmentUpdateBody,
} from '@kinfolio/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { Database } from '../../../db/schema.js';
import { stampedTransaction } from '../../../db/stamps.js';
import { fieldError } from '../../../http/errors.js';
import type { MessageKey } from '../../../i18n/translate.js';
import { sortedIds, type Actor } from '../../items/index.js';
import { recordsRepository, type RecordRow } from '../repository.js';
import { listSegments, keywordsOf, presentSegments } from './present.js';
import { overlaps, type Span } from './propose.js';
import { segmentsRepository, type SegmentRow } from './repository.js';
import { storeSegmentsRevision } from './revision.js';
import { timeCodeMarks, titleFrom } from './time-codes.js';

/** Two times closer than this are the same moment (a time code has whole seconds). */
const SAME_MOMENT = 0.001;

const spanOf = (row: SegmentRow): Span => ({ start: row.start_seconds, end: row.end_seconds });

/** What a write answers: the segment, the record's segments now, and what to say. */
export interface SegmentWrite {
  segment: RecordSegment;
  data: RecordSegment[];
  message: MessageKey;
}

/** The record, locked on PostgreSQL until the transaction ends; a trashed one is not changed. */
async function writableRecord(
  trx: Transaction<Database>,
  ctx: AppContext,
  recordId: number,
): Promise<RecordRow | undefined> {
  const record = await recordsRepository(trx).find(recordId, ctx.dialect === 'postgres');
  if (record?.deleted_at) throw fieldError('record', 'record_segments.record_trashed');
  return record;
}

async function assertPeopleExist(trx: Transaction<Database>, ids: number[]) {
  if ((await recordsRepository(trx).missingParticipants(ids)).length) {
    throw fieldError('participants', 'record_segments.participant_missing');
  }
}

function assertSpan(span: Span, others: SegmentRow[]) {
  if (span.end !== null && span.end - span.start < SAME_MOMENT) {
    throw fieldError('end', 'record_segments.end_before_start');
  }
  if (others.some((other) => Math.abs(other.start_seconds - span.start) < SAME_MOMENT)) {
    throw fieldError('start', 'record_segments.duplicate_start');
  }
  if (others.some((other) => overlaps(span, spanOf(other)))) {
    throw fieldError('start', 'record_segments.overlap');
  }
}

/** The segment a moment falls strictly inside of, if any. */
const containing = (segments: SegmentRow[], at: number) =>
  segments.find(
    (s) =>
      s.start_seconds < at - SAME_MOMENT &&
      (s.end_seconds === null || at < s.end_seconds - SAME_MOMENT),
  );

/** The start of the first segment after `at`, or null (the end of the recording). */
const nextStart = (segments: SegmentRow[], at: number) =>
  segments.find((s) => s.start_seconds > at + SAME_MOMENT)?.start_seconds ?? null;

/**
 * Adds a segment to a record; a start inside a segment splits that one there (the new one takes
 * the rest of it). Undefined: no such record.
 */
export function createSegment(
  ctx: AppContext,
  recordId: number,
  body: RecordSegmentCreateBody,
  actor: Actor,
): Promise<SegmentWrite | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const record = await writableRecord(trx, ctx, recordId);
    if (!record) return undefined;
    const repo = segmentsRepository(trx);
    const segments = await repo.ofRecord(recordId);
    if (segments.length >= RECORD_SEGMENT_LIMITS.segmentsMax) {
      throw fieldError('start', 'record_segments.too_many');
    }
    const people = sortedIds(body.participants);
    await assertPeopleExist(trx, people);
    const now = ctx.now().toISOString();
    await storeSegmentsRevision(trx, record, segments, actor, now);
    const split = containing(segments, body.start);
    let span: Span;
    if (split) {
      span = { start: body.start, end: split.end_seconds };
      await repo.update(split.id, { end_seconds: body.start, edited: 1, updated_at: now });
    } else {
      span = {
        start: body.start,
        end: body.end === undefined ? nextStart(segments, body.start) : body.end,
      };
      assertSpan(span, segments);
    }
    const row = await repo.insert({
      record_id: recordId,
      start_seconds: span.start,
      end_seconds: span.end,
      title: body.title,
      synopsis: body.synopsis,
      keywords: JSON.stringify(body.keywords),
      transcript: body.transcript,
      origin: 'manual',
      edited: 1,
      created_at: now,
      updated_at: now,
    });
    await repo.replacePeople(row.id, people);
    const [segment] = await presentSegments(trx, [row]);
    return {
      segment: segment!,
      data: await listSegments(trx, recordId),
      message: split ? 'record_segments.split' : 'record_segments.created',
    };
  });
}

const joined = (a: string, b: string, separator: string) =>
  [a.trim(), b.trim()].filter(Boolean).join(separator);

/**
 * Changes a segment (see the contract's recordSegmentUpdateBody: `merge_with` folds a
 * neighbour into it). Undefined: no such segment.
 */
export function updateSegment(
  ctx: AppContext,
  id: number,
  body: RecordSegmentUpdateBody,
  actor: Actor,
): Promise<SegmentWrite | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = segmentsRepository(trx);
    const found = await repo.find(id);
    const record = found && (await writableRecord(trx, ctx, found.record_id));
    if (!found || !record) return undefined;
    // Read again under the record's lock: another write may have changed it meanwhile.
    const segments = await repo.ofRecord(found.record_id);
    const current = segments.find((s) => s.id === id);
    if (!current) return undefined;
    const now = ctx.now().toISOString();
    // Kept before the merge below removes the other segment and its people.
    await storeSegmentsRevision(trx, record, segments, actor, now);
    let others = segments.filter((s) => s.id !== id);
    let span = spanOf(current);
    let title = current.title;
    let synopsis = current.synopsis;
    let transcript = current.transcript;
    let keywords = keywordsOf(current);
    let people = await repo.peopleIds(id);

    if (body.merge_with !== undefined) {
      const other = others.find((s) => s.id === body.merge_with);
      if (!other) throw fieldError('merge_with', 'record_segments.not_neighbour');
      const [first, second] =
        other.start_seconds < current.start_seconds ? [other, current] : [current, other];
      const between = others.some(
        (s) =>
          s.id !== other.id &&
          s.start_seconds > first.start_seconds &&
          s.start_seconds < second.start_seconds,
      );
      if (between) throw fieldError('merge_with', 'record_segments.not_neighbour');
      span = { start: first.start_seconds, end: second.end_seconds };
      title = current.title || other.title;
      synopsis = joined(first.synopsis, second.synopsis, '\n\n');
      transcript = joined(first.transcript, second.transcript, '\n');
      keywords = [...new Set([...keywordsOf(first), ...keywordsOf(second)])].slice(
        0,
        RECORD_SEGMENT_LIMITS.keywordsMax,
      );
      people = sortedIds([...people, ...(await repo.peopleIds(other.id))]);
      await repo.remove([other.id]);
      others = others.filter((s) => s.id !== other.id);
    }
    if (body.start !== undefined || body.end !== undefined) {
      span = { start: body.start ?? span.start, end: body.end === undefined ? span.end : body.end };
    }
    assertSpan(span, others);
    if (body.participants) {
      people = sortedIds(body.participants);
      await assertPeopleExist(trx, people);
    }
    await repo.update(id, {
      start_seconds: span.start,
      end_seconds: span.end,
      title: body.title ?? title,
      synopsis: body.synopsis ?? synopsis,
      transcript: body.transcript ?? transcript,
      keywords: JSON.stringify(body.keywords ?? keywords),
      edited: 1,
      updated_at: now,
    });
    await repo.replacePeople(id, people);
    const data = await listSegments(trx, current.record_id);
    return {
      segment: data.find((s) => s.id === id)!,
      data,
      message: body.merge_with !== undefined ? 'record_segments.merged' : 'record_segments.updated',
    };
  });
}

/** Deletes a segment; the record's segments as they then are. Undefined: no such segment. */
export function deleteSegment(
  ctx: AppContext,
  id: number,
  actor: Actor,
): Promise<RecordSegment[] | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = segmentsRepository(trx);
    const found = await repo.find(id);
    const record = found && (await writableRecord(trx, ctx, found.record_id));
    if (!found || !record) return undefined;
    const before = await repo.ofRecord(found.record_id);
    await storeSegmentsRevision(trx, record, before, actor, ctx.now().toISOString());
    await repo.remove([id]);
    return listSegments(trx, found.record_id);
  });
}

/**
 * A segment at each time code of the record's transcript (see the contract's route). Undefined:
 * no such record.
 */
export function segmentsFromTimeCodes(
  ctx: AppContext,
  recordId: number,
  actor: Actor,
): Promise<{ created: number; data: RecordSegment[] } | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const record = await writableRecord(trx, ctx, recordId);
    if (!record) return undefined;
    const repo = segmentsRepository(trx);
    const marks = timeCodeMarks(record.rawtranscription);
    const now = ctx.now().toISOString();
    let segments = await repo.ofRecord(recordId);
    const adds = marks.some(
      (mark) => !segments.some((s) => Math.abs(s.start_seconds - mark.seconds) < 0.5),
    );
    if (adds) await storeSegmentsRevision(trx, record, segments, actor, now);
    let created = 0;
    for (const [index, mark] of marks.entries()) {
      if (segments.some((s) => Math.abs(s.start_seconds - mark.seconds) < 0.5)) continue;
      if (segments.length >= RECORD_SEGMENT_LIMITS.segmentsMax) break;
      const split = containing(segments, mark.seconds);
      let end: number | null;
      if (split) {
        end = split.end_seconds;
        await repo.update(split.id, { end_seconds: mark.seconds, updated_at: now });
      } else {
        const following = [nextStart(segments, mark.seconds), marks[index + 1]?.seconds ?? null];
        const bounds = following.filter((at): at is number => at !== null);
        end = bounds.length ? Math.min(...bounds) : null;
      }
      await repo.insert({
        record_id: recordId,
        start_seconds: mark.seconds,
        end_seconds: end,
        title: titleFrom(mark.text),
        synopsis: '',
        keywords: '[]',
        transcript: mark.text,
        origin: 'time_code',
        edited: 0,
        created_at: now,
        updated_at: now,
      });
      created += 1;
      segments = await repo.ofRecord(recordId);
    }
    return { created, data: await presentSegments(trx, segments) };
  });
}
