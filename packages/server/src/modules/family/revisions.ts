import type { FamilyRevision } from '@kinfolio/contract';
import type { Executor } from './life.js';

/** Who makes a change (kept with the revision it creates). */
export interface FamilyActor {
  id: number | null;
  name: string;
}

export type FamilyAction = 'life' | 'relation.create' | 'relation.update' | 'relation.delete';

/**
 * Keeps what a change to a life or a relation replaced (`before`) and brought (`after`); a
 * relation's revision is found from both its people.
 */
export async function storeFamilyRevision(
  db: Executor,
  entry: {
    participant_id: number;
    related_id?: number | null;
    relation_id?: number | null;
    action: FamilyAction;
    before: unknown;
    after: unknown;
  },
  actor: FamilyActor,
  now: string,
): Promise<void> {
  await db
    .insertInto('family_revisions')
    .values({
      participant_id: entry.participant_id,
      related_id: entry.related_id ?? null,
      relation_id: entry.relation_id ?? null,
      action: entry.action,
      user_id: actor.id,
      user_name: actor.name,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
      created_at: now,
    })
    .execute();
}

/** A person's family history, newest first: their own entries and those naming them as related. */
export async function familyRevisionsOf(
  db: Executor,
  participantId: number,
  window: { offset: number; limit: number },
): Promise<{ rows: FamilyRevision[]; total: number } | null> {
  const person = await db
    .selectFrom('participants')
    .select('id')
    .where('id', '=', participantId)
    .executeTakeFirst();
  if (!person) return null;
  const theirs = db
    .selectFrom('family_revisions as r')
    .where((eb) =>
      eb.or([eb('r.participant_id', '=', participantId), eb('r.related_id', '=', participantId)]),
    );
  const counted = await theirs
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await theirs
    .leftJoin('participants as p', (join) =>
      join.on((eb) =>
        eb(
          'p.id',
          '=',
          eb
            .case()
            .when('r.participant_id', '=', participantId)
            .then(eb.ref('r.related_id'))
            .else(eb.ref('r.participant_id'))
            .end(),
        ),
      ),
    )
    .select([
      'r.id',
      'r.action',
      'r.participant_id',
      'r.relation_id',
      'r.user_name',
      'r.before',
      'r.after',
      'r.created_at',
      'p.id as related_id',
      'p.name as related_name',
    ])
    .orderBy('r.id', 'desc')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
  const json = (text: string | null): unknown => (text === null ? null : JSON.parse(text));
  return {
    total: Number(counted.n),
    rows: rows.map((row) => ({
      id: row.id,
      action: row.action as FamilyRevision['action'],
      participant_id: row.participant_id,
      related:
        row.related_id !== null && row.related_name !== null
          ? { id: row.related_id, name: row.related_name }
          : null,
      relation_id: row.relation_id,
      user: row.user_name,
      created_at: row.created_at,
      before: json(row.before),
      after: json(row.after),
    })),
  };
}
