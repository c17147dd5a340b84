import { sql } from 'kysely';
import { LIFE_COLUMNS, lifeValue, type Executor, type LifeValue } from './life.js';
import { relationValue, type RelationValue } from './relations.js';

/** A person as the GEDCOM export writes them: their life as kept, and what an import kept. */
export interface ExportedPerson {
  id: number;
  name: string;
  life: LifeValue;
  /** The JSON an import stored with `saveLife`'s `gedcom_extra`, parsed; null when none. */
  gedcom_extra: unknown;
}

export interface ExportedRelation extends RelationValue {
  id: number;
  gedcom_extra: unknown;
}

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Everyone with their lives, and every relation, for the export: two queries whatever the size
 * (ids in ascending order). `ids` narrows both to these people (relations among them only).
 */
export async function familyForExport(
  db: Executor,
  ids?: readonly number[],
): Promise<{ people: ExportedPerson[]; relations: ExportedRelation[] }> {
  const wanted = ids ? new Set(ids) : null;
  const rows = await db
    .selectFrom('participants')
    .select(['id', 'name', 'gedcom_extra', ...LIFE_COLUMNS])
    .orderBy('id')
    .execute();
  const relations = await db
    .selectFrom('participant_relations')
    .selectAll()
    .orderBy('id')
    .execute();
  return {
    people: rows
      .filter((row) => !wanted || wanted.has(row.id))
      .map((row) => ({
        id: row.id,
        name: row.name,
        life: lifeValue(row),
        gedcom_extra: parsed(row.gedcom_extra),
      })),
    relations: relations
      .filter((row) => !wanted || (wanted.has(row.person1_id) && wanted.has(row.person2_id)))
      .map((row) => ({
        id: row.id,
        ...relationValue(row),
        gedcom_extra: parsed(row.gedcom_extra),
      })),
  };
}

export interface MatchQuery {
  /** The whole name as the participant is called (compared like participants' unique names). */
  name?: string | undefined;
  /** Surname (case-insensitive), with `given_names` optionally. */
  surname?: string | undefined;
  given_names?: string | undefined;
  /** Birth year: people whose known birth starts that year, or whose birth is unknown. */
  birth_year?: number | undefined;
}

export interface MatchCandidate {
  id: number;
  name: string;
  life: LifeValue;
}

/**
 * People an imported individual may be: same name (case-insensitive, as the unique index
 * compares) or same surname and given names, and no known birth in another year. At most 20,
 * people with a birth that year first.
 */
export async function findMatches(db: Executor, query: MatchQuery): Promise<MatchCandidate[]> {
  const name = query.name?.trim().normalize('NFC').toLowerCase();
  const surname = query.surname?.trim().normalize('NFC').toLowerCase();
  const given = query.given_names?.trim().normalize('NFC').toLowerCase();
  if (!name && !surname) return [];
  const year = query.birth_year;
  const rows = await db
    .selectFrom('participants')
    .select(['id', 'name', ...LIFE_COLUMNS])
    .where((eb) =>
      eb.or([
        ...(name ? [eb('name_lower', '=', name)] : []),
        ...(surname
          ? [
              eb.and([
                eb(sql`lower(surname)`, '=', surname),
                ...(given ? [eb(sql`lower(given_names)`, '=', given)] : []),
              ]),
            ]
          : []),
      ]),
    )
    .$if(year !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('birth_sort', 'is', null),
          eb.between('birth_sort', year! * 10_000, year! * 10_000 + 9_999),
        ]),
      ),
    )
    .orderBy(sql`case when birth_sort is null then 1 else 0 end`)
    .orderBy('id')
    .limit(20)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, life: lifeValue(row) }));
}
