import {
  participantLifeInput,
  type NewRelativeInput,
  type ParticipantLifeInput,
  type Relation,
  type RelationCreateBody,
  type RelationCreated,
  type RelationUpdateBody,
} from '@kinfolio/contract';
import { checkedBy } from './dates.js';
import type { AppContext } from '../../context.js';
import { stampedTransaction } from '../../db/stamps.js';
import { fieldError, notFound } from '../../http/errors.js';
import { lifeColumns, lifeRows, lifeValue, type Executor } from './life.js';
import {
  findRelation,
  insertRelation,
  presentRelation,
  relationValue,
  updateRelationRow,
  type NewRelation,
  type RelationDetails,
  type RelationRow,
} from './relations.js';
import { storeFamilyRevision, type FamilyActor } from './revisions.js';

/**
 * Changes a participant's life inside the caller's transaction: absent fields unchanged, null
 * clears; `gedcom_extra` (the GEDCOM import's kept data) replaced when given. A change keeps a
 * revision; false when the participant does not exist, true otherwise (changed or not).
 */
export async function saveLife(
  db: Executor,
  id: number,
  input: ParticipantLifeInput & { gedcom_extra?: unknown },
  actor: FamilyActor,
  now: string,
): Promise<boolean> {
  const current = (await lifeRows(db, [id])).get(id);
  if (!current) return false;
  const { gedcom_extra: extra, ...given } = input;
  // The routes have checked it already; the GEDCOM import has not.
  const life = checkedBy(participantLifeInput.strict(), given);
  const changes = await lifeColumns(db, id, current, life);
  if (Object.keys(changes).length > 0) {
    const after = lifeValue({ ...current, ...changes });
    await storeFamilyRevision(
      db,
      { participant_id: id, action: 'life', before: lifeValue(current), after },
      actor,
      now,
    );
  }
  const extraChange =
    extra === undefined ? {} : { gedcom_extra: extra === null ? null : JSON.stringify(extra) };
  if (Object.keys(changes).length > 0 || extra !== undefined) {
    await db
      .updateTable('participants')
      .set({ ...changes, ...extraChange, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
  return true;
}

async function assertPeople(db: Executor, ids: number[], field: string): Promise<void> {
  const rows = await db.selectFrom('participants').select('id').where('id', 'in', ids).execute();
  if (rows.length !== new Set(ids).size) throw fieldError(field, 'participants.missing');
}

/**
 * Adds a relation inside the caller's transaction, after every check (self, duplicate, cycle,
 * more than two birth parents, dates, kind): a localised 422 otherwise. Keeps a revision.
 */
export async function addRelation(
  db: Executor,
  input: NewRelation,
  actor: FamilyActor,
  now: string,
): Promise<RelationRow> {
  await assertPeople(db, [input.person1_id, input.person2_id], 'participant_id');
  const row = await insertRelation(db, input, now);
  await storeFamilyRevision(
    db,
    {
      participant_id: row.person1_id,
      related_id: row.person2_id,
      relation_id: row.id,
      action: 'relation.create',
      before: null,
      after: relationValue(row),
    },
    actor,
    now,
  );
  return row;
}

/** Changes a relation's details inside the caller's transaction; undefined when it is gone. */
export async function changeRelation(
  db: Executor,
  id: number,
  input: RelationDetails & { gedcom_extra?: unknown },
  actor: FamilyActor,
  now: string,
): Promise<RelationRow | undefined> {
  const current = await findRelation(db, id);
  if (!current) return undefined;
  const next = await updateRelationRow(db, current, input, now);
  if (!next) return current;
  await storeFamilyRevision(
    db,
    {
      participant_id: next.person1_id,
      related_id: next.person2_id,
      relation_id: id,
      action: 'relation.update',
      before: relationValue(current),
      after: relationValue(next),
    },
    actor,
    now,
  );
  return next;
}

export async function removeRelation(
  db: Executor,
  id: number,
  actor: FamilyActor,
  now: string,
): Promise<boolean> {
  const current = await findRelation(db, id);
  if (!current) return false;
  await db.deleteFrom('participant_relations').where('id', '=', id).execute();
  await storeFamilyRevision(
    db,
    {
      participant_id: current.person1_id,
      related_id: current.person2_id,
      relation_id: id,
      action: 'relation.delete',
      before: relationValue(current),
      after: null,
    },
    actor,
    now,
  );
  return true;
}

/* The routes' transactions --------------------------------------------------------------------- */

/**
 * Makes a participant with a life inside the caller's transaction (the participants module's
 * `createPersonWithLife`, handed in by app.ts: that module imports this one). A taken name is its
 * localised 422.
 */
export type PersonMaker = (
  trx: Executor,
  person: { name: string; life: ParticipantLifeInput },
  actor: FamilyActor,
  now: string,
) => Promise<{ id: number; name: string }>;

/**
 * `POST /api/participants/{id}/relations`: `participant_id`, or the new `person` made in the same
 * transaction, is the `type` (parent, child, spouse) of `{id}`; a refused relation rolls the new
 * person back with it. 404 when `{id}` does not exist.
 */
export function createRelationFor(
  ctx: AppContext,
  makePerson: PersonMaker,
  id: number,
  body: RelationCreateBody,
  actor: FamilyActor,
): Promise<Omit<RelationCreated, 'message'>> {
  const { type, participant_id: existing, person, ...details } = body;
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const exists = await trx
      .selectFrom('participants')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!exists) throw notFound();
    const now = ctx.now().toISOString();
    const relative = person
      ? { ...(await makePerson(trx, splitPerson(person), actor, now)), created: true }
      : { ...(await nameOf(trx, existing!)), created: false };
    const row = await addRelation(
      trx,
      { ...pairOf(type, id, relative.id), ...details },
      actor,
      now,
    );
    return { relation: presentRelation(row), relative };
  });
}

function splitPerson({ name, ...life }: NewRelativeInput) {
  return { name, life };
}

/** The existing relative (a missing one is the same 422 as `addRelation`'s check). */
async function nameOf(db: Executor, id: number): Promise<{ id: number; name: string }> {
  const row = await db
    .selectFrom('participants')
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw fieldError('participant_id', 'participants.missing');
  return row;
}

/** Who is person1 and person2 when `other` is `{id}`'s `type`. */
function pairOf(type: RelationCreateBody['type'], id: number, other: number) {
  return type === 'parent'
    ? { type: 'parent' as const, person1_id: other, person2_id: id }
    : type === 'child'
      ? { type: 'parent' as const, person1_id: id, person2_id: other }
      : { type: 'spouse' as const, person1_id: id, person2_id: other };
}

export function updateRelation(
  ctx: AppContext,
  id: number,
  body: RelationUpdateBody,
  actor: FamilyActor,
): Promise<Relation | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const row = await changeRelation(trx, id, body, actor, ctx.now().toISOString());
    return row && presentRelation(row);
  });
}

export function deleteRelation(ctx: AppContext, id: number, actor: FamilyActor): Promise<boolean> {
  return stampedTransaction(ctx.db, 'archive', (trx) =>
    removeRelation(trx, id, actor, ctx.now().toISOString()),
  );
}
