import { stampedTransaction } from '../../db/stamps.js';
import type {
  Participant,
  ParticipantCreateBody,
  ParticipantDivideBody,
  ParticipantMergeBody,
  ParticipantUpdateBody,
} from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { FieldValidationError, fieldError } from '../../http/errors.js';
import type { MessageKey } from '../../i18n/translate.js';
import { moveFacesOnMerge } from '../faces/index.js';
import { copyRecordPeople } from '../records/index.js';
import { moveParticipantShares } from '../shares/index.js';
import { nameKeys, participantsRepository } from './repository.js';

/** A racing write that took the name first trips the unique index: the same 422 as the check. */
async function refuseTakenName<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(field, 'participants.name_taken');
    throw error;
  }
}

export function listParticipants(ctx: AppContext, search?: string): Promise<Participant[]> {
  return participantsRepository(ctx.db).listWithCounts(search);
}

export function findParticipant(ctx: AppContext, id: number): Promise<Participant | undefined> {
  return participantsRepository(ctx.db).findWithCount(id);
}

/** Creates a participant; a case-insensitive duplicate is refused, even under concurrency. */
export async function createParticipant(
  ctx: AppContext,
  body: ParticipantCreateBody,
): Promise<Participant> {
  const row = await participantsRepository(ctx.db).insertIfFree(body.name, ctx.now().toISOString());
  if (!row) throw fieldError('name', 'participants.name_taken');
  return { id: row.id, name: row.name, count: 0 };
}

/** Renames; another case of its own name is fine, another participant's name is not. */
export async function renameParticipant(
  ctx: AppContext,
  id: number,
  body: ParticipantUpdateBody,
): Promise<Participant | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = participantsRepository(trx);
    if (!(await repo.findForUpdate(id, ctx.dialect))) return undefined;
    if (await repo.nameTaken(nameKeys(body.name).name_lower, id)) {
      throw fieldError('name', 'participants.name_taken');
    }
    await refuseTakenName('name', () => repo.rename(id, body.name, ctx.now().toISOString()));
    return repo.findWithCount(id);
  });
}

/** Deletes a participant and its links; the items stay. False when it does not exist. */
export async function deleteParticipant(ctx: AppContext, id: number): Promise<boolean> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = participantsRepository(trx);
    if (!(await repo.findForUpdate(id, ctx.dialect))) return false;
    return (await repo.delete([id])) > 0;
  });
}

/**
 * Merges participants into `participantToKeep`, in one transaction: the others' item links move
 * to it (a link it already has collapses into one) and the others are deleted. All participants
 * are locked first, in id order, so overlapping merges run one after the other; one that finds a
 * participant already merged away is refused (422) and changes nothing. Records' people move the
 * same way, in the same transaction.
 */
export async function mergeParticipants(
  ctx: AppContext,
  body: ParticipantMergeBody,
): Promise<Participant> {
  const ids = [...new Set(body.participants)].sort((a, b) => a - b);
  if (ids.length < 2) throw fieldError('participants', 'participants.merge_distinct');
  const keep = body.participantToKeep;
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = participantsRepository(trx);
    const existing = await repo.lockExisting(ids, ctx.dialect);
    if (existing.length !== ids.length) throw fieldError('participants', 'participants.missing');
    const others = ids.filter((id) => id !== keep);
    await repo.copyLinks(others, keep);
    await copyRecordPeople(trx, others, keep);
    await moveFacesOnMerge(trx, others, keep);
    await moveParticipantShares(trx, others, keep);
    await repo.delete(others);
    return (await repo.findWithCount(keep))!;
  });
}

/**
 * Divides a participant in two, in one transaction: the original is renamed `name1`, a new
 * participant `name2` is created and linked to every item of the original, with the same roles,
 * and heard in every record the original is heard in. Named faces stay the original's (a face is
 * one person); the new participant keeps the `face` links to those pictures like its other links.
 * A name held by another participant refuses the whole division (422), leaving everything as it was.
 */
export async function divideParticipant(
  ctx: AppContext,
  id: number,
  body: ParticipantDivideBody,
): Promise<[Participant, Participant] | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = participantsRepository(trx);
    if (!(await repo.findForUpdate(id, ctx.dialect))) return undefined;
    const first = nameKeys(body.name1).name_lower;
    const second = nameKeys(body.name2).name_lower;
    const taken: Record<string, MessageKey[]> = {};
    if (await repo.nameTaken(first, id)) taken.name1 = ['participants.name_taken'];
    if (second === first || (await repo.nameTaken(second, id))) {
      taken.name2 = ['participants.name_taken'];
    }
    if (Object.keys(taken).length > 0) {
      throw new FieldValidationError(taken, 'participants.name_taken');
    }
    const now = ctx.now().toISOString();
    await refuseTakenName('name1', () => repo.rename(id, body.name1, now));
    const created = await refuseTakenName('name2', () => repo.insertIfFree(body.name2, now));
    if (!created) throw fieldError('name2', 'participants.name_taken');
    await repo.copyLinks([id], created.id);
    await copyRecordPeople(trx, [id], created.id);
    return [(await repo.findWithCount(id))!, (await repo.findWithCount(created.id))!];
  });
}
