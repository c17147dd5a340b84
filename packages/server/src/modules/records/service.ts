import {
  LIMITS,
  type RecordCreateBody,
  type RecordEntity,
  type RecordFile,
  type RecordRevisionData,
  type RecordUpdateBody,
  type PlaceValue,
} from '@kinfolio/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { stampedTransaction } from '../../db/stamps.js';
import { FieldValidationError, fieldError } from '../../http/errors.js';
import { deleteFilesOfRecord, filesRepository, type FileDeletion } from '../files/index.js';
import { placeColumns, placesByIds, placeValue, samePlace } from '../places/index.js';
import {
  cut,
  RECORD_REVISIONS,
  sameIds,
  sortedIds,
  storeRevision,
  type Actor,
} from '../items/index.js';
import { pickFields, RECORD_FIELDS } from './fields.js';
import { presentRecord, presentRecordFile } from './present.js';
import { recordsRepository, type RecordChanges, type RecordRow } from './repository.js';
import { segmentsRepository } from './segments/repository.js';

export type { Actor } from '../items/index.js';

const TIME_CODES = /\[(?:\d{1,2}:)?\d{1,2}:\d{2}\]/g;

/** The list preview: the summary, else the transcript without its time codes, 150 characters. */
export function previewOf(summary: string, rawtranscription: string): string {
  const text = summary.trim() || rawtranscription.replace(TIME_CODES, ' ');
  return cut(text.replace(/\s+/g, ' ').trim(), LIMITS.previewLength);
}

/** A record must say what it is: a title, a number (the tape's label), a summary or a transcript. */
function assertNotBlank(data: RecordRevisionData) {
  if (data.title || data.number || data.summary || data.rawtranscription.trim()) return;
  throw new FieldValidationError(
    { title: ['records.blank'], rawtranscription: ['records.blank'] },
    'records.blank',
  );
}

async function assertPeopleExist(repo: ReturnType<typeof recordsRepository>, ids: number[]) {
  if ((await repo.missingParticipants(ids)).length) {
    throw fieldError('people', 'records.participant_missing');
  }
}

function snapshot(row: RecordRow, people: number[], place: PlaceValue | null): RecordRevisionData {
  return { ...pickFields(row, RECORD_FIELDS), people, place };
}

export async function createRecord(ctx: AppContext, body: RecordCreateBody): Promise<RecordEntity> {
  const people = sortedIds(body.people);
  const data: RecordRevisionData = { ...body, people, place: body.place ?? null };
  assertNotBlank(data);
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = recordsRepository(trx);
    await assertPeopleExist(repo, people);
    const now = ctx.now().toISOString();
    const { people: _people, place, ...columns } = data;
    const row = await repo.insert({
      ...columns,
      ...(await placeColumns(trx, place, now)),
      preview: previewOf(data.summary, data.rawtranscription),
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
    await repo.replacePeople(row.id, people);
    return presentRecord(trx, row);
  });
}

/**
 * The body of a PATCH, inside the caller's transaction, on a record read (and locked) by the
 * caller with its people: stores the previous version as a revision and applies the changes, or
 * writes nothing when nothing changes (false). Bulk actions use it per record.
 */
export async function reviseRecord(
  trx: Transaction<Database>,
  ctx: AppContext,
  current: RecordRow,
  currentPeople: number[],
  body: RecordUpdateBody,
  actor: Actor,
): Promise<boolean> {
  const repo = recordsRepository(trx);
  const id = current.id;
  const currentPlace =
    current.place_id === null
      ? null
      : placeValue((await placesByIds(trx, [current.place_id])).get(current.place_id));
  const before = snapshot(current, currentPeople, currentPlace);
  const next: RecordRevisionData = {
    ...before,
    ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
    people: body.people ? sortedIds(body.people) : before.people,
  };
  const changes: RecordChanges = {};
  for (const field of RECORD_FIELDS) {
    if (next[field] !== before[field]) Object.assign(changes, { [field]: next[field] });
  }
  if (!samePlace(next.place, before.place)) {
    Object.assign(changes, await placeColumns(trx, next.place, ctx.now().toISOString()));
  }
  const peopleChanged = !sameIds(before.people, next.people);
  if (Object.keys(changes).length === 0 && !peopleChanged) return false;
  assertNotBlank(next);
  if (peopleChanged) await assertPeopleExist(repo, next.people);
  const now = ctx.now().toISOString();
  await storeRevision(trx, RECORD_REVISIONS, id, actor, before, now);
  if (changes.summary !== undefined || changes.rawtranscription !== undefined) {
    changes.preview = previewOf(next.summary, next.rawtranscription);
  }
  await repo.update(id, {
    ...changes,
    revisions_count: Number(current.revisions_count) + 1,
    updated_at: now,
  });
  if (peopleChanged) await repo.replacePeople(id, next.people);
  return true;
}

/**
 * Removes a trashed record's rows inside the caller's transaction (its people and revisions go
 * with it); its audio parts go to the deleted medias, kept with their bytes. Answers the keys of
 * bytes to remove once committed.
 */
export async function deleteRecordForGood(
  trx: Transaction<Database>,
  current: RecordRow,
  deletion: FileDeletion,
): Promise<string[]> {
  const fileKeys = await deleteFilesOfRecord(trx, current, deletion);
  await recordsRepository(trx).hardDelete(current.id);
  return fileKeys;
}

/** Puts a record's audio parts in the order given: every part, each once. */
export async function orderRecordFiles(
  ctx: AppContext,
  id: number,
  order: number[],
): Promise<RecordFile[] | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    if (!(await recordsRepository(trx).find(id, ctx.dialect === 'postgres'))) return undefined;
    const files = filesRepository(trx);
    const current = (await files.ofRecord(id)).map((row) => row.id);
    const sameSet =
      order.length === current.length &&
      new Set(order).size === order.length &&
      order.every((fileId) => current.includes(fileId));
    if (!sameSet) throw fieldError('files', 'records.files_mismatch');
    const unchanged = order.every((fileId, index) => fileId === current[index]);
    if (!unchanged) await files.setPositions(id, order);
    return (await files.ofRecord(id)).map(presentRecordFile);
  });
}

/** Records' side of merging and dividing participants, inside the participants' transaction. */
export async function copyRecordPeople(
  trx: Transaction<Database>,
  fromIds: number[],
  toId: number,
): Promise<void> {
  await recordsRepository(trx).copyPeople(fromIds, toId);
  // The people heard in segments follow too.
  await segmentsRepository(trx).copyPeople(fromIds, toId);
}
