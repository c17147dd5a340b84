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
