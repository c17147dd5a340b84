import { fieldError } from '../../http/errors.js';
import { lifeRows, lifeValue, type Executor, type LifeColumn, type LifeRow } from './life.js';
import { isAncestor, normalisedPair } from './relations.js';
import { storeFamilyRevision, type FamilyActor } from './revisions.js';

/** Parts of a life that move together: an event's date without its place would mislead. */
const LIFE_PARTS: readonly (readonly LifeColumn[])[] = [
  ['given_names'],
  ['surname'],
  ['sex'],
  ['biography'],
  ['portrait_face_id', 'portrait_file_id'],
  ...(['birth', 'death'] as const).map((event) =>
    (['date', 'sort', 'place_name', 'place_lat', 'place_lon', 'place_country'] as const).map(
      (part) => `${event}_${part}` as LifeColumn,
    ),
  ),
];

/**
 * A merge's share of the family, before the others are deleted, inside its transaction:
 * - the kept participant's life wins; each part it lacks comes from the first other (by id) that
 *   has it; the same for `gedcom_extra`;
 * - the others' relations move to the kept one: a relation between merged people is dropped, one
 *   the kept participant already has collapses into it;
 * - their revisions follow them.
 * A merge that would make the kept participant their own ancestor (a parent merged with a
 * grandchild) is refused with the cycle's 422, one that would give someone a third birth parent
 * with the relation route's `family.too_many_parents` 422; either changes nothing.
 */
export async function mergeFamily(
  db: Executor,
  others: number[],
  keep: number,
  actor: FamilyActor,
  now: string,
): Promise<void> {
  const rows = await lifeRows(db, [keep, ...others]);
  const kept = rows.get(keep)!;
  const filled: Partial<LifeRow> = {};
  for (const part of LIFE_PARTS) {
    if (part.some((column) => kept[column] !== null)) continue;
    const donor = [...others]
      .sort((a, b) => a - b)
      .map((id) => rows.get(id))
      .find((row) => row && part.some((column) => row[column] !== null));
    if (donor) for (const column of part) Object.assign(filled, { [column]: donor[column] });
  }
  const extra = await db
    .selectFrom('participants')
    .select(['id', 'gedcom_extra'])
    .where('id', 'in', [keep, ...others])
    .orderBy('id')
    .execute();
  const keptExtra = extra.find((row) => row.id === keep)?.gedcom_extra ?? null;
  const extraChange =
    keptExtra === null
      ? { gedcom_extra: extra.find((row) => row.gedcom_extra !== null)?.gedcom_extra ?? null }
      : {};
  if (Object.keys(filled).length > 0) {
    await storeFamilyRevision(
      db,
      {
        participant_id: keep,
        action: 'life',
        before: lifeValue(kept),
        after: lifeValue({ ...kept, ...filled }),
      },
      actor,
      now,
    );
  }
  if (Object.keys(filled).length > 0 || extraChange.gedcom_extra) {
    await db
      .updateTable('participants')
      .set({ ...filled, ...extraChange })
      .where('id', '=', keep)
      .execute();
  }

  const merged = new Set([keep, ...others]);
  const moving = await db
    .selectFrom('participant_relations')
    .selectAll()
    .where((eb) => eb.or([eb('person1_id', 'in', others), eb('person2_id', 'in', others)]))
    .orderBy('id')
    .execute();
  for (const relation of moving) {
    const to = (id: number) => (merged.has(id) ? keep : id);
    const [person1, person2] = normalisedPair(
      relation.type as 'parent' | 'spouse',
      to(relation.person1_id),
      to(relation.person2_id),
    );
    const taken =
      person1 === person2 ||
      (await db
        .selectFrom('participant_relations')
        .select('id')
        .where('type', '=', relation.type)
        .where('person1_id', '=', person1)
        .where('person2_id', '=', person2)
        .where('id', '!=', relation.id)
        .executeTakeFirst()) !== undefined;
    if (taken) {
      await db.deleteFrom('participant_relations').where('id', '=', relation.id).execute();
    } else {
      await db
        .updateTable('participant_relations')
        .set({ person1_id: person1, person2_id: person2, updated_at: now })
        .where('id', '=', relation.id)
        .execute();
    }
  }
  if (moving.length > 0 && (await isAncestor(db, keep, keep))) {
    throw fieldError('participants', 'family.cycle');
  }
  // Merged birth parents of one person would give them three or four: refused, as adding a
  // third birth parent is (two of them may be the same person, but that is for a merge of them).
  const children = [...new Set(moving.filter((r) => r.type === 'parent').map((r) => r.person2_id))];
  if (children.length > 0) {
    const crowded = await db
      .selectFrom('participant_relations')
      .select('person2_id')
      .where('type', '=', 'parent')
      .where('kind', '=', 'birth')
      .where(
        'person2_id',
        'in',
        children.map((id) => (merged.has(id) ? keep : id)),
      )
      .groupBy('person2_id')
      .having((eb) => eb.fn.countAll(), '>', 2)
      .executeTakeFirst();
    if (crowded) throw fieldError('participants', 'family.too_many_parents');
  }
  await db
    .updateTable('family_revisions')
    .set({ participant_id: keep })
    .where('participant_id', 'in', others)
    .execute();
  await db
    .updateTable('family_revisions')
    .set({ related_id: keep })
    .where('related_id', 'in', others)
    .execute();
}

/** A participant's deletion: their relations go by the foreign keys, their history here. */
export async function forgetFamily(db: Executor, ids: number[]): Promise<void> {
  await db
    .deleteFrom('family_revisions')
    .where((eb) => eb.or([eb('participant_id', 'in', ids), eb('related_id', 'in', ids)]))
    .execute();
}
