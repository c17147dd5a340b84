import type { ParticipantLife } from '@kinfolio/contract';
import { LIFE_COLUMNS, presentLives, type Executor, type LifeRow } from './life.js';

/** A person as the family and the tree show them. */
export interface FamilyPerson {
  id: number;
  name: string;
  count: number;
  life: ParticipantLife;
}

type PersonRow = LifeRow & { id: number; name: string; count: number | string | null };

/**
 * People with their item counts and lives: one query per 500 of them (and one for their portrait
 * faces), however many there are. Missing ids are left out.
 */
export async function peopleByIds(db: Executor, ids: number[]): Promise<Map<number, FamilyPerson>> {
  const wanted = [...new Set(ids)];
  const rows: PersonRow[] = [];
  for (let start = 0; start < wanted.length; start += 500) {
    rows.push(...(await peopleQuery(db, wanted.slice(start, start + 500))));
  }
  return present(db, rows);
}

/** Everyone, in name order (the whole tree). */
export async function everyone(db: Executor): Promise<FamilyPerson[]> {
  return [...(await present(db, await peopleQuery(db, null))).values()];
}

function peopleQuery(db: Executor, ids: number[] | null): Promise<PersonRow[]> {
  return db
    .selectFrom('participants as p')
    .select((eb) => [
      'p.id',
      'p.name',
      ...LIFE_COLUMNS.map((column) => `p.${column}` as const),
      eb
        .selectFrom('item_participants as ip')
        .innerJoin('items as i', 'i.id', 'ip.item_id')
        .whereRef('ip.participant_id', '=', 'p.id')
        .where('i.deleted_at', 'is', null)
        .select((sub) => sub.fn.count<number>('ip.item_id').distinct().as('n'))
        .as('count'),
    ])
    .$if(ids !== null, (q) => q.where('p.id', 'in', ids!))
    .orderBy('p.search_key')
    .orderBy('p.id')
    .execute();
}

async function present(db: Executor, rows: PersonRow[]): Promise<Map<number, FamilyPerson>> {
  const lives = await presentLives(db, rows);
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, count: Number(row.count ?? 0), life: lives.get(row.id)! },
    ]),
  );
}
