import type { FamilyTree, Relation } from '@kinfolio/contract';

const life = (year: number | null) => ({
  given_names: null,
  surname: null,
  sex: null,
  birth: year ? { date: { qualifier: 'about' as const, start: { year } }, place: null } : null,
  death: null,
  biography: null,
  portrait: null,
});

/** The centre (id 1), ten generations of ancestors, then couples with three children each. */
export function generatedFamily(size: number): FamilyTree {
  const people: FamilyTree['people'] = [];
  const relations: Relation[] = [];
  const person = (year: number) => {
    const id = people.length + 1;
    people.push({ id, name: `Person ${id} Familyname`, count: 0, life: life(year) });
    return id;
  };
  const relate = (type: Relation['type'], a: number, b: number) =>
    relations.push({
      id: relations.length + 1,
      type,
      person1_id: a,
      person2_id: b,
      kind: type === 'spouse' ? 'married' : 'birth',
      start: null,
      end: null,
      place: null,
    });
  const centre = person(1950);
  let generation = [centre];
  for (let depth = 1; depth <= 10 && people.length < size / 2; depth++) {
    const next: number[] = [];
    for (const child of generation) {
      const father = person(1950 - 30 * depth);
      const mother = person(1950 - 30 * depth);
      relate('spouse', father, mother);
      relate('parent', father, child);
      relate('parent', mother, child);
      next.push(father, mother);
    }
    generation = next;
  }
  let couples = [centre];
  for (let depth = 1; people.length < size; depth++) {
    const next: number[] = [];
    for (const parent of couples) {
      if (people.length >= size) break;
      const partner = person(1950 + 30 * (depth - 1));
      relate('spouse', parent, partner);
      for (let child = 0; child < 3 && people.length < size; child++) {
        const id = person(1950 + 30 * depth);
        relate('parent', parent, id);
        relate('parent', partner, id);
        next.push(id);
      }
    }
    couples = next;
  }
  return { people, relations };
}
