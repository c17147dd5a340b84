import type { FamilyTree, Relation } from '@kinfolio/contract';
import type { JsonFam, JsonGedcomData, JsonIndi } from 'topola';

type TreePerson = FamilyTree['people'][number];

/** topola's ids for a person and a family (a couple, or a parent alone, and their children). */
export const indiId = (personId: number) => `I${personId}`;
export const personIdOf = (indi: string) => Number(indi.slice(1));
const famId = (parents: readonly number[]) => `F${parents.join('-')}`;

const PARENT_KIND_ORDER = ['birth', 'adopted', 'step', 'foster'] as const;
const kindRank = (relation: Relation) =>
  PARENT_KIND_ORDER.indexOf(relation.kind as (typeof PARENT_KIND_ORDER)[number]);

/**
 * The API's people and relations as topola's GEDCOM-like model: a family per couple (a partnership,
 * or two parents of a child) and per lone parent; a child belongs to one family in topola, so
 * birth parents win over adoptive, step and foster ones, and two at most are kept.
 */
export function toTopola(tree: FamilyTree): JsonGedcomData {
  const people = new Map(tree.people.map((person) => [person.id, person]));
  const families = new Map<string, { parents: number[]; children: number[] }>();
  const familyOf = (parents: number[]) => {
    const sorted = [...new Set(parents)].sort((a, b) => a - b);
    const id = famId(sorted);
    let family = families.get(id);
    if (!family) {
      family = { parents: sorted, children: [] };
      families.set(id, family);
    }
    return id;
  };

  const parentsOf = new Map<number, Relation[]>();
  for (const relation of tree.relations) {
    if (!people.has(relation.person1_id) || !people.has(relation.person2_id)) continue;
    if (relation.type === 'spouse') familyOf([relation.person1_id, relation.person2_id]);
    else
      parentsOf.set(relation.person2_id, [...(parentsOf.get(relation.person2_id) ?? []), relation]);
  }

  const famc = new Map<number, string>();
  for (const [child, relations] of parentsOf) {
    const parents = [...relations]
      .sort((a, b) => kindRank(a) - kindRank(b) || a.person1_id - b.person1_id)
      .slice(0, 2)
      .map((relation) => relation.person1_id);
    const id = familyOf(parents);
    families.get(id)?.children.push(child);
    famc.set(child, id);
  }

  const fams = new Map<number, string[]>();
  const fams_: JsonFam[] = [];
  for (const [id, family] of families) {
    const [first, second] = family.parents.map((parentId) => people.get(parentId)!);
    // topola draws the husband first: by sex when it is known, else in id order.
    const swap =
      first !== undefined &&
      second !== undefined &&
      (first.life.sex === 'female' || second.life.sex === 'male') &&
      !(first.life.sex === 'male' || second.life.sex === 'female');
    const [husb, wife] = swap ? [second, first] : [first, second];
    for (const parent of family.parents) fams.set(parent, [...(fams.get(parent) ?? []), id]);
    const fam: JsonFam = { id, children: family.children.map(indiId) };
    if (husb) fam.husb = indiId(husb.id);
    if (wife) fam.wife = indiId(wife.id);
    fams_.push(fam);
  }

  const indis: JsonIndi[] = tree.people.map((person: TreePerson) => {
    const indi: JsonIndi = {
      id: indiId(person.id),
      firstName: person.name,
      fams: fams.get(person.id) ?? [],
    };
    const child = famc.get(person.id);
    if (child) indi.famc = child;
    if (person.life.sex === 'male') indi.sex = 'M';
    else if (person.life.sex === 'female') indi.sex = 'F';
    return indi;
  });
  return { indis, fams: fams_ };
}

/** Who to centre a tree on when none is asked for: the most related person (the first on a tie). */
export function mostRelated(tree: FamilyTree): number | null {
  const counts = new Map<number, number>();
  for (const relation of tree.relations)
    for (const id of [relation.person1_id, relation.person2_id])
      counts.set(id, (counts.get(id) ?? 0) + 1);
  let best: number | null = null;
  for (const person of tree.people) {
    if (best === null || (counts.get(person.id) ?? 0) > (counts.get(best) ?? 0)) best = person.id;
  }
  return best;
}

/** Each person's parents, partners and children in the tree, for its list view. */
export function relativesIn(tree: FamilyTree) {
  const of = new Map<number, { parents: number[]; partners: number[]; children: number[] }>();
  const get = (id: number) => {
    let entry = of.get(id);
    if (!entry) {
      entry = { parents: [], partners: [], children: [] };
      of.set(id, entry);
    }
    return entry;
  };
  for (const relation of tree.relations) {
    if (relation.type === 'spouse') {
      get(relation.person1_id).partners.push(relation.person2_id);
      get(relation.person2_id).partners.push(relation.person1_id);
    } else {
      get(relation.person2_id).parents.push(relation.person1_id);
      get(relation.person1_id).children.push(relation.person2_id);
    }
  }
  return (id: number) => of.get(id) ?? { parents: [], partners: [], children: [] };
}
