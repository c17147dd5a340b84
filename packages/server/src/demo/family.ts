import type { LifeDate, ParticipantLifeInput, RelationKind, Sex } from '@kinfolio/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { addRelation, saveLife, type FamilyActor } from '../modules/family/index.js';
import { PEOPLE } from './people.js';
import { TOWNS, type DemoTown } from './towns.js';

/**
 * The demo family's tree over PEOPLE: four generations (Oma Gisela → Anneliese → Lena → Lukas),
 * dates exact, partial, approximate and between two years, birth and death places, Giuseppe's
 * divorce and remarriage, Chloé's adoption. Fixed data: the same tree on every seed.
 */

const {
  torino: TORINO,
  asti: ASTI,
  lyon: LYON,
  paris: PARIS,
  munich: MUNICH,
  casablanca: CASABLANCA,
  london: LONDON,
} = TOWNS;

const year = (y: number): LifeDate => ({ qualifier: 'exact', start: { year: y } });
const month = (y: number, m: number): LifeDate => ({
  qualifier: 'exact',
  start: { year: y, month: m },
});
const day = (y: number, m: number, d: number): LifeDate => ({
  qualifier: 'exact',
  start: { year: y, month: m, day: d },
});
const about = (y: number): LifeDate => ({ qualifier: 'about', start: { year: y } });
const between = (from: number, to: number): LifeDate => ({
  qualifier: 'between',
  start: { year: from },
  end: { year: to },
});
const after = (y: number): LifeDate => ({ qualifier: 'after', start: { year: y } });

interface DemoLife {
  given: string;
  surname: string;
  sex: Sex;
  birth?: { date: LifeDate; place?: DemoTown };
  death?: { date: LifeDate; place?: DemoTown };
  biography?: string;
}

/** Lives by name (every name is one of PEOPLE). */
export const DEMO_LIVES: Record<string, DemoLife> = {
  'Nonna Rosa': {
    given: 'Rosa',
    surname: 'Rossi',
    sex: 'female',
    birth: { date: between(1920, 1922), place: ASTI },
    death: { date: after(2015), place: TORINO },
    biography: 'Sarta ad Asti, poi a Torino; le sue lettere aprono l’archivio.',
  },
  'Giuseppe Rossi': {
    given: 'Giuseppe',
    surname: 'Rossi',
    sex: 'male',
    birth: { date: day(1949, 4, 12), place: TORINO },
  },
  'Zio Enzo': { given: 'Vincenzo', surname: 'Rossi', sex: 'male', birth: { date: year(1952) } },
  'Francesca Bianchi': { given: 'Francesca', surname: 'Bianchi', sex: 'female' },
  'Chiara Rossi': {
    given: 'Chiara',
    surname: 'Rossi',
    sex: 'female',
    birth: { date: month(1977, 9), place: TORINO },
  },
  'Matteo Rossi': {
    given: 'Matteo',
    surname: 'Rossi',
    sex: 'male',
    birth: { date: day(1990, 1, 30), place: LYON },
  },
  'Papi Jean': {
    given: 'Jean',
    surname: 'Moreau',
    sex: 'male',
    birth: { date: about(1924), place: LYON },
    death: { date: month(2010, 3), place: LYON },
  },
  'Mamie Odette': {
    given: 'Odette',
    surname: 'Moreau',
    sex: 'female',
    birth: { date: year(1927), place: LYON },
  },
  'Grégoire Moreau': {
    given: 'Grégoire',
    surname: 'Moreau',
    sex: 'male',
    birth: { date: year(1950), place: LYON },
  },
  'Élise Moreau': {
    given: 'Élise',
    surname: 'Moreau',
    sex: 'female',
    birth: { date: about(1953), place: LYON },
  },
  'Tante Mathilde': {
    given: 'Mathilde',
    surname: 'Lambert',
    sex: 'female',
    birth: { date: year(1956), place: LYON },
  },
  'Hélène Moreau': { given: 'Hélène', surname: 'Moreau', sex: 'female' },
  'Théo Moreau': {
    given: 'Théo',
    surname: 'Moreau',
    sex: 'male',
    birth: { date: year(1980), place: PARIS },
  },
  'Maëlle Moreau': {
    given: 'Maëlle',
    surname: 'Moreau',
    sex: 'female',
    birth: { date: month(1983, 7), place: PARIS },
  },
  'Zoë Lambert': { given: 'Zoë', surname: 'Lambert', sex: 'female', birth: { date: year(1985) } },
  'Noé Lambert': { given: 'Noé', surname: 'Lambert', sex: 'male', birth: { date: year(1988) } },
  'Chloé Lambert': {
    given: 'Chloé',
    surname: 'Lambert',
    sex: 'female',
    birth: { date: about(1998), place: CASABLANCA },
  },
  'Fatima Zahra Benali': {
    given: 'Fatima Zahra',
    surname: 'Benali',
    sex: 'female',
    birth: { date: about(1930), place: CASABLANCA },
  },
  'Youssef Benali': {
    given: 'Youssef',
    surname: 'Benali',
    sex: 'male',
    birth: { date: year(1955), place: CASABLANCA },
  },
  'Amina Benali': { given: 'Amina', surname: 'Benali', sex: 'female' },
  'Karim Benali': {
    given: 'Karim',
    surname: 'Benali',
    sex: 'male',
    birth: { date: year(1980), place: CASABLANCA },
  },
  'Leïla Benali': { given: 'Leïla', surname: 'Benali', sex: 'female', birth: { date: year(1983) } },
  'Oma Gisela': {
    given: 'Gisela',
    surname: 'Weiß',
    sex: 'female',
    birth: { date: about(1921), place: MUNICH },
    death: { date: year(2004), place: MUNICH },
  },
  'Jürgen Weiß': { given: 'Jürgen', surname: 'Weiß', sex: 'male', birth: { date: year(1944) } },
  'Anneliese Weiß': {
    given: 'Anneliese',
    surname: 'Weiß',
    sex: 'female',
    birth: { date: day(1946, 11, 2), place: MUNICH },
  },
  'Lena Weiß': {
    given: 'Lena',
    surname: 'Weiß',
    sex: 'female',
    birth: { date: year(1970), place: MUNICH },
  },
  'Lukas Weiß': {
    given: 'Lukas',
    surname: 'Weiß',
    sex: 'male',
    birth: { date: month(1995, 5), place: MUNICH },
  },
  'Margaret Hughes': {
    given: 'Margaret',
    surname: 'Hughes',
    sex: 'female',
    birth: { date: about(1932), place: LONDON },
  },
  'Oliver Hughes': {
    given: 'Oliver',
    surname: 'Hughes',
    sex: 'male',
    birth: { date: year(1958), place: LONDON },
  },
  'Siobhán Hughes': {
    given: 'Siobhán',
    surname: 'Hughes',
    sex: 'female',
    birth: { date: year(1990), place: LONDON },
  },
};

type DemoRelation =
  | [parent: string, 'parent', child: string, kind?: RelationKind, start?: LifeDate]
  | [string, 'spouse', string, kind?: RelationKind, start?: LifeDate, end?: LifeDate];

/** Relations by name, parents before their children. */
export const DEMO_RELATIONS: DemoRelation[] = [
  ['Nonna Rosa', 'parent', 'Giuseppe Rossi'],
  ['Nonna Rosa', 'parent', 'Zio Enzo'],
  ['Papi Jean', 'spouse', 'Mamie Odette', 'married', month(1948, 6)],
  ['Papi Jean', 'parent', 'Grégoire Moreau'],
  ['Mamie Odette', 'parent', 'Grégoire Moreau'],
  ['Papi Jean', 'parent', 'Élise Moreau'],
  ['Mamie Odette', 'parent', 'Élise Moreau'],
  ['Papi Jean', 'parent', 'Tante Mathilde'],
  ['Mamie Odette', 'parent', 'Tante Mathilde'],
  // Giuseppe's first marriage ends; he marries Élise.
  ['Giuseppe Rossi', 'spouse', 'Francesca Bianchi', 'married', year(1975), about(1985)],
  ['Giuseppe Rossi', 'parent', 'Chiara Rossi'],
  ['Francesca Bianchi', 'parent', 'Chiara Rossi'],
  ['Giuseppe Rossi', 'spouse', 'Élise Moreau', 'married', day(1988, 9, 17)],
  ['Giuseppe Rossi', 'parent', 'Matteo Rossi'],
  ['Élise Moreau', 'parent', 'Matteo Rossi'],
  ['Grégoire Moreau', 'spouse', 'Hélène Moreau', 'married', year(1978)],
  ['Grégoire Moreau', 'parent', 'Théo Moreau'],
  ['Hélène Moreau', 'parent', 'Théo Moreau'],
  ['Grégoire Moreau', 'parent', 'Maëlle Moreau'],
  ['Hélène Moreau', 'parent', 'Maëlle Moreau'],
  ['Tante Mathilde', 'parent', 'Zoë Lambert'],
  ['Tante Mathilde', 'parent', 'Noé Lambert'],
  ['Tante Mathilde', 'parent', 'Chloé Lambert', 'adopted', year(2001)],
  ['Fatima Zahra Benali', 'parent', 'Youssef Benali'],
  ['Youssef Benali', 'spouse', 'Amina Benali', 'married', about(1978)],
  ['Youssef Benali', 'parent', 'Karim Benali'],
  ['Amina Benali', 'parent', 'Karim Benali'],
  ['Youssef Benali', 'parent', 'Leïla Benali'],
  ['Amina Benali', 'parent', 'Leïla Benali'],
  ['Karim Benali', 'spouse', 'Chiara Rossi', 'partners', year(2005)],
  // Four generations: Oma Gisela, Anneliese, Lena, Lukas.
  ['Oma Gisela', 'parent', 'Anneliese Weiß'],
  ['Jürgen Weiß', 'spouse', 'Anneliese Weiß', 'married', month(1967, 5)],
  ['Jürgen Weiß', 'parent', 'Lena Weiß'],
  ['Anneliese Weiß', 'parent', 'Lena Weiß'],
  ['Lena Weiß', 'parent', 'Lukas Weiß'],
  ['Margaret Hughes', 'parent', 'Oliver Hughes'],
  ['Oliver Hughes', 'parent', 'Siobhán Hughes'],
];

const DEMO_ACTOR: FamilyActor = { id: null, name: 'Kinfolio demo' };

/**
 * Writes the tree over the seeded people (`people[i]` is PEOPLE[i]'s id), inside the seed's
 * transaction, through the family service (its checks and revisions). An archive whose people
 * already have relations (a second seed reusing them) keeps its own: nothing is added.
 */
export async function insertFamily(
  trx: Transaction<Database>,
  people: number[],
  now: string,
): Promise<number> {
  const idOf = new Map(PEOPLE.map((person, i) => [person.name, people[i]!]));
  const existing = await trx
    .selectFrom('participant_relations')
    .select('id')
    .where((eb) => eb.or([eb('person1_id', 'in', people), eb('person2_id', 'in', people)]))
    .executeTakeFirst();
  if (existing) return 0;
  for (const [name, life] of Object.entries(DEMO_LIVES)) {
    const input: ParticipantLifeInput = {
      given_names: life.given,
      surname: life.surname,
      sex: life.sex,
      ...(life.birth ? { birth: { date: life.birth.date, place: life.birth.place ?? null } } : {}),
      ...(life.death ? { death: { date: life.death.date, place: life.death.place ?? null } } : {}),
      ...(life.biography ? { biography: life.biography } : {}),
    };
    await saveLife(trx, idOf.get(name)!, input, DEMO_ACTOR, now);
  }
  for (const [first, type, second, kind, start, end] of DEMO_RELATIONS) {
    await addRelation(
      trx,
      {
        type,
        person1_id: idOf.get(first)!,
        person2_id: idOf.get(second)!,
        kind,
        start: start ?? null,
        end: end ?? null,
      },
      DEMO_ACTOR,
      now,
    );
  }
  return DEMO_RELATIONS.length;
}
