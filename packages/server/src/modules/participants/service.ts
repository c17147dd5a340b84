import { stampedTransaction } from '../../db/stamps.js';
import type {
  Participant,
  ParticipantCreateBody,
  ParticipantDetail,
  ParticipantDivideBody,
  ParticipantLifeInput,
  ParticipantMergeBody,
  ParticipantUpdateBody,
} from '@kinfolio/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { FieldValidationError, fieldError } from '../../http/errors.js';
import type { MessageKey } from '../../i18n/translate.js';
import { moveFacesOnMerge } from '../faces/index.js';
import {
  EMPTY_LIFE,
  forgetFamily,
  mergeFamily,
  presentLives,
  saveLife,
  type FamilyActor,
} from '../family/index.js';
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

type Executor = Kysely<Database> | Transaction<Database>;

/** A participant with their count and life (the list leaves lives out). */
async function detailOf(db: Executor, id: number): Promise<ParticipantDetail | undefined> {
  const participant = await participantsRepository(db).findWithCount(id);
  if (!participant) return undefined;
  const row = await participantsRepository(db).findLife(id);
  const lives = row ? await presentLives(db, [row]) : new Map();
  return { ...participant, life: lives.get(id) ?? EMPTY_LIFE };
}

export function findParticipant(
  ctx: AppContext,
  id: number,
): Promise<ParticipantDetail | undefined> {
  return detailOf(ctx.db, id);
}

/** Creates a participant; a case-insensitive duplicate is refused, even under concurrency. */
export async function createParticipant(
  ctx: AppContext,
  body: ParticipantCreateBody,
): Promise<ParticipantDetail> {
  const row = await participantsRepository(ctx.db).insertIfFree(body.name, ctx.now().toISOString());
  if (!row) throw fieldError('name', 'participants.name_taken');
  return { id: row.id, name: row.name, count: 0, life: EMPTY_LIFE };
}

/**
 * For the GEDCOM import, inside its transaction: a new participant with a life (and what the
 * import keeps for the export). A taken name gets " (2)", " (3)"… when `uniqueName` is set (two
 * people of a tree may share a name), else the usual 422.
 */
export async function createPersonWithLife(
  trx: Executor,
  person: { name: string; life?: ParticipantLifeInput; gedcom_extra?: unknown },
  actor: FamilyActor,
  now: string,
  options: { uniqueName?: boolean } = {},
): Promise<{ id: number; name: string }> {
  const repo = participantsRepository(trx);
  let row = await repo.insertIfFree(person.name, now);
  for (let copy = 2; !row && options.uniqueName && copy < 1000; copy++) {
    row = await repo.insertIfFree(`${person.name.trim()} (${copy})`, now);
  }
  if (!row) throw fieldError('name', 'participants.name_taken');
  const life = { ...(person.life ?? {}), gedcom_extra: person.gedcom_extra };
  await saveLife(trx, row.id, life, actor, now);
  return { id: row.id, name: row.name };
}

/**
 * Renames and/or changes the life (absent fields unchanged): another case of its own name is
 * fine, another participant's name is not; a life's change keeps a revision.
 */
export async function updateParticipant(
  ctx: AppContext,
  id: number,
  body: ParticipantUpdateBody,
  actor: FamilyActor,
): Promise<ParticipantDetail | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = participantsRepository(trx);
    if (!(await repo.findForUpdate(id, ctx.dialect))) return undefined;
    const { name, ...life } = body;
    const now = ctx.now().toISOString();
    if (name !== undefined) {
      if (await repo.nameTaken(nameKeys(name).name_lower, id)) {
        throw fieldError('name', 'participants.name_taken');
      }
      await refuseTakenName('name', () => repo.rename(id, name, now));
    }
    await saveLife(trx, id, life, actor, now);
    return detailOf(trx, id);
  });
}

/** Deletes a participant and its links; the items stay. False when it does not exist. */
export async function deleteParticipant(ctx: AppContext, id: number): Promise<boolean> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = participantsRepository(trx);
    if (!(await repo.findForUpdate(id, ctx.dialect))) return false;
    // Their relations go with the row (foreign keys); their family history here.
    await forgetFamily(trx, [id]);
    return (await repo.delete([id])) > 0;
  });
}

/**
 * Merges participants into `participantToKeep`, in one transaction: the others' item links move
 * to it (a link it already has collapses into one) and the others are deleted. All participants
 * are locked first, in id order, so overlapping merges run one after the other; one that finds a
 * participant already merged away is refused (422) and changes nothing. Records' people move the
 * same way, in the same transaction, and so do lives and relations (modules/family: the kept
 * participant's life wins, its empty parts are filled from the others; relations are repointed).
 */
export async function mergeParticipants(
  ctx: AppContext,
  body: ParticipantMergeBody,
  actor: FamilyActor,
): Promise<ParticipantDetail> {
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
    await mergeFamily(trx, others, keep, actor, ctx.now().toISOString());
    await repo.delete(others);
    return (await detailOf(trx, keep))!;
  });
}

/**
 * Divides a participant in two, in one transaction: the original is renamed `name1`, a new
 * participant `name2` is created and linked to every item of the original, with the same roles,
 * and heard in every record the original is heard in. Named faces stay the original's (a face is
 * one person); the new participant keeps the `face` links to those pictures like its other links.
 * A name held by another participant refuses the whole division (422), leaving everything as it was.
 * The life and the relations stay the original's: the new participant starts without a family.
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
