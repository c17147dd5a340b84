import type { FamilyTree, ParticipantLife, Relation } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { mostRelated, relativesIn, toTopola } from './treeData';

const life = (sex: ParticipantLife['sex'] = null): ParticipantLife => ({
  given_names: null,
  surname: null,
  sex,
  birth: null,
  death: null,
  biography: null,
  portrait: null,
});
const person = (id: number, name: string, sex: ParticipantLife['sex'] = null) => ({
  id,
  name,
  count: 0,
  life: life(sex),
});
let next = 1;
const relation = (
  type: Relation['type'],
  person1_id: number,
  person2_id: number,
  kind: Relation['kind'] = type === 'spouse' ? 'married' : 'birth',
): Relation => ({
  id: next++,
  type,
  person1_id,
  person2_id,
  kind,
  start: null,
  end: null,
  place: null,
});

// Giuseppe (1) and Maria (2) married, parents of Anna (3); Anna married Luca (4), their son Paolo
// (5); Paolo adopted by Luca's second wife Eva (6), who is no parent of Anna.
const tree: FamilyTree = {
  people: [
    person(1, 'Giuseppe', 'male'),
    person(2, 'Maria', 'female'),
    person(3, 'Anna', 'female'),
    person(4, 'Luca', 'male'),
    person(5, 'Paolo'),
    person(6, 'Eva', 'female'),
  ],
  relations: [
    relation('spouse', 2, 1),
    relation('parent', 1, 3),
    relation('parent', 2, 3),
    relation('spouse', 3, 4),
    relation('parent', 6, 5, 'adopted'),
    relation('parent', 3, 5),
    relation('parent', 4, 5),
    relation('spouse', 4, 6),
  ],
};

describe('the tree as topola draws it', () => {
  const json = toTopola(tree);
  const fam = (id: string) => json.fams.find((f) => f.id === id);
  const indi = (id: string) => json.indis.find((i) => i.id === id);

  it('makes one family per couple, husband and wife by sex', () => {
    expect(fam('F1-2')).toEqual({ id: 'F1-2', husb: 'I1', wife: 'I2', children: ['I3'] });
    expect(fam('F3-4')).toEqual({ id: 'F3-4', husb: 'I4', wife: 'I3', children: ['I5'] });
    expect(indi('I3')).toMatchObject({ famc: 'F1-2', fams: ['F3-4'], sex: 'F' });
  });

  it('keeps the birth parents of a child with an adoptive one too', () => {
    expect(indi('I5')?.famc).toBe('F3-4');
    // Eva and Luca are partners without a child in topola's families.
    expect(fam('F4-6')).toEqual({ id: 'F4-6', husb: 'I4', wife: 'I6', children: [] });
    expect(indi('I4')?.fams).toEqual(['F3-4', 'F4-6']);
  });

  it('gives a lone parent a family of their own', () => {
    const json = toTopola({
      people: [person(7, 'Rosa'), person(8, 'Ada')],
      relations: [relation('parent', 7, 8)],
    });
    expect(json.fams).toEqual([{ id: 'F7', husb: 'I7', children: ['I8'] }]);
  });

  it('leaves out relations to people outside the tree', () => {
    const json = toTopola({
      people: [person(1, 'Giuseppe')],
      relations: [relation('parent', 1, 99)],
    });
    expect(json.fams).toEqual([]);
  });

  it('centres on the most related person and lists each one’s relatives', () => {
    expect(mostRelated(tree)).toBe(3);
    expect(mostRelated({ people: [], relations: [] })).toBeNull();
    const of = relativesIn(tree);
    expect(of(5)).toEqual({ parents: [6, 3, 4], partners: [], children: [] });
    expect(of(3)).toEqual({ parents: [1, 2], partners: [4], children: [5] });
  });
});
