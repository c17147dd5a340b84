import {
  FAMILY_LIMITS,
  type Family,
  type FamilyTree,
  type Relative,
  type Sibling,
} from '@kinfolio/contract';
import type { Executor } from './life.js';
import { everyone, peopleByIds, type FamilyPerson } from './people.js';
import { presentRelation, type RelationRow } from './relations.js';

const byPerson = (a: FamilyPerson, b: FamilyPerson) => a.id - b.id;

/**
 * `GET /api/participants/{id}/family`: parents, partners (and `spouses`, the same), children and
 * siblings (children of any of their parents). One query for their relations, one for the
 * siblings, one for the siblings' parent counts, one for all the people: never one per person.
 * Undefined when the participant does not exist.
 */
export async function familyOf(db: Executor, id: number): Promise<Family | undefined> {
  const exists = await db
    .selectFrom('participants')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!exists) return undefined;
  // Every relation of theirs in one query, sorted out here.
  const theirs = await db
    .selectFrom('participant_relations')
    .selectAll()
    .where((eb) => eb.or([eb('person1_id', '=', id), eb('person2_id', '=', id)]))
    .orderBy('id')
    .execute();
  const parents = theirs.filter((row) => row.type === 'parent' && row.person2_id === id);
  const children = theirs.filter((row) => row.type === 'parent' && row.person1_id === id);
  const partners = theirs.filter((row) => row.type === 'spouse');
  const parentIds = parents.map((row) => row.person1_id);
  // Every child of each of their parents but themselves: a sibling per distinct child.
  const siblingLinks =
    parentIds.length === 0
      ? []
      : await db
          .selectFrom('participant_relations')
          .select(['person1_id', 'person2_id'])
          .where('type', '=', 'parent')
          .where('person1_id', 'in', parentIds)
          .where('person2_id', '!=', id)
          .execute();
  const shared = new Map<number, number[]>();
  for (const link of siblingLinks) {
    const list = shared.get(link.person2_id) ?? [];
    if (!list.includes(link.person1_id)) list.push(link.person1_id);
    shared.set(link.person2_id, list);
  }
  // A half-sibling shares one parent while one of the two has another.
  const theirParents =
    shared.size === 0
      ? []
      : await db
          .selectFrom('participant_relations')
          .select(['person2_id as child', (eb) => eb.fn.countAll<number>().as('n')])
          .where('type', '=', 'parent')
          .where('person2_id', 'in', [...shared.keys()])
          .groupBy('person2_id')
          .execute();
  const parentCount = new Map(theirParents.map((row) => [row.child, Number(row.n)]));

  const other = (row: RelationRow) => (row.person1_id === id ? row.person2_id : row.person1_id);
  const people = await peopleByIds(db, [
    ...parentIds,
    ...children.map((row) => row.person2_id),
    ...partners.map(other),
    ...shared.keys(),
  ]);
  const relative = (personId: number, row: RelationRow | null): Relative[] => {
    const person = people.get(personId);
    return person ? [{ person, relation: row && presentRelation(row) }] : [];
  };
  const siblings: Sibling[] = [...shared]
    .flatMap(([siblingId, sharedIds]) =>
      relative(siblingId, null).map((entry) => {
        const mine = parentIds.length;
        const theirs = parentCount.get(siblingId) ?? sharedIds.length;
        return {
          ...entry,
          shared_parent_ids: [...sharedIds].sort((a, b) => a - b),
          half: sharedIds.length < Math.max(mine, theirs),
        };
      }),
    )
    .sort((a, b) => byBirth(a.person, b.person));
  const partnerList = partners.flatMap((row) => relative(other(row), row));
  return {
    parents: parents.flatMap((row) => relative(row.person1_id, row)),
    partners: partnerList,
    spouses: partnerList,
    children: children
      .flatMap((row) => relative(row.person2_id, row))
      .sort((a, b) => byBirth(a.person, b.person)),
    siblings,
  };
}

/** Older first when both births are known, else by id (the order they were entered). */
function byBirth(a: FamilyPerson, b: FamilyPerson): number {
  const key = (person: FamilyPerson) => {
    const start = person.life.birth?.date?.start;
    return start ? start.year * 10_000 + (start.month ?? 0) * 100 + (start.day ?? 0) : null;
  };
  const ka = key(a);
  const kb = key(b);
  if (ka !== null && kb !== null && ka !== kb) return ka - kb;
  return byPerson(a, b);
}

/** Parent links from or to this frontier, one query per 500 people of it. */
async function parentLinks(
  db: Executor,
  ids: number[],
  side: 'person1_id' | 'person2_id',
): Promise<RelationRow[]> {
  const rows: RelationRow[] = [];
  for (let start = 0; start < ids.length; start += 500) {
    rows.push(
      ...(await db
        .selectFrom('participant_relations')
        .selectAll()
        .where('type', '=', 'parent')
        .where(side, 'in', ids.slice(start, start + 500))
        .execute()),
    );
  }
  return rows;
}

/** Walks parent links `generations` steps up (`person2_id` → `person1_id`) or down. */
async function walk(
  db: Executor,
  from: number,
  generations: number,
  direction: 'up' | 'down',
): Promise<Set<number>> {
  const seen = new Set<number>([from]);
  let frontier = [from];
  const [known, next] =
    direction === 'up'
      ? (['person2_id', 'person1_id'] as const)
      : (['person1_id', 'person2_id'] as const);
  for (let step = 0; step < generations && frontier.length > 0; step++) {
    const links = await parentLinks(db, frontier, known);
    frontier = [];
    for (const link of links) {
      const id = link[next];
      if (!seen.has(id)) {
        seen.add(id);
        frontier.push(id);
      }
    }
  }
  return seen;
}

/**
 * `GET /api/family-tree`: without a participant, everyone and every relation (two queries);
 * around one, their ancestors and descendants up to `generations` (all when not given), breadth
 * first with one query per generation and direction, then the partners of all of them and the
 * siblings of the ancestral line (children of the ancestors). Undefined when the participant does
 * not exist.
 */
export async function familyTree(
  db: Executor,
  participant: number | undefined,
  generations: number | undefined,
): Promise<FamilyTree | undefined> {
  if (participant === undefined) {
    const people = await everyone(db);
    const relations = await db
      .selectFrom('participant_relations')
      .selectAll()
      .orderBy('id')
      .execute();
    return { people, relations: relations.map(presentRelation) };
  }
  const exists = await db
    .selectFrom('participants')
    .select('id')
    .where('id', '=', participant)
    .executeTakeFirst();
  if (!exists) return undefined;
  const depth = generations ?? FAMILY_LIMITS.gedcomGenerationsMax;
  const ancestors = await walk(db, participant, depth, 'up');
  const descendants = await walk(db, participant, depth, 'down');
  const ids = new Set([...ancestors, ...descendants]);
  // The ancestors' other children: the person's siblings, aunts, uncles…
  for (const link of await parentLinks(db, [...ancestors], 'person1_id')) ids.add(link.person2_id);
  const spouseRows: RelationRow[] = [];
  const line = [...ids];
  for (let start = 0; start < line.length; start += 500) {
    const chunk = line.slice(start, start + 500);
    spouseRows.push(
      ...(await db
        .selectFrom('participant_relations')
        .selectAll()
        .where('type', '=', 'spouse')
        .where((eb) => eb.or([eb('person1_id', 'in', chunk), eb('person2_id', 'in', chunk)]))
        .execute()),
    );
  }
  for (const row of spouseRows) {
    ids.add(row.person1_id);
    ids.add(row.person2_id);
  }
  // Every relation among the people drawn: each parent link is found from its child's side.
  const relations = new Map<number, RelationRow>();
  for (const row of spouseRows) relations.set(row.id, row);
  for (const row of await parentLinks(db, [...ids], 'person2_id')) {
    if (ids.has(row.person1_id)) relations.set(row.id, row);
  }
  const people = await peopleByIds(db, [...ids]);
  return {
    people: [...people.values()],
    relations: [...relations.values()].sort((a, b) => a.id - b.id).map(presentRelation),
  };
}

/**
 * The ids of a person and their ancestors (`ancestors`), descendants (`descendants`) or both
 * (`family`), up to `generations` (all when not given): `GET /api/gedcom`'s scopes. Undefined
 * when the person does not exist.
 */
export async function treeIds(
  db: Executor,
  participant: number,
  generations: number | undefined,
  scope: 'ancestors' | 'descendants' | 'family',
): Promise<number[] | undefined> {
  const exists = await db
    .selectFrom('participants')
    .select('id')
    .where('id', '=', participant)
    .executeTakeFirst();
  if (!exists) return undefined;
  const depth = generations ?? FAMILY_LIMITS.gedcomGenerationsMax;
  const ids = new Set<number>([participant]);
  if (scope !== 'descendants')
    for (const id of await walk(db, participant, depth, 'up')) ids.add(id);
  if (scope !== 'ancestors')
    for (const id of await walk(db, participant, depth, 'down')) ids.add(id);
  return [...ids].sort((a, b) => a - b);
}
