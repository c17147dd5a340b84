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

/** How names compare: trimmed, NFC, lower-cased by JavaScript (every script, not only ASCII). */
const nameKey = (text: string | null | undefined) =>
  text?.trim().normalize('NFC').toLowerCase() ?? '';

const ASCII = /^[\x20-\x7e]*$/;

/**
 * A condition on `lower(column)` that every row whose key is `key` meets. An ASCII key is an
 * equality (SQL's lower() folds ASCII alike on both engines, and uses the index on SQLite); one
 * with other letters, which SQLite's lower() leaves as they are ("MÜLLER" → "mÜller"), a LIKE
 * pattern with each run of them a wildcard, the rows then compared on the JavaScript key.
 */
function loweredMatches(column: 'surname' | 'given_names', key: string) {
  if (ASCII.test(key)) return sql<boolean>`lower(${sql.ref(column)}) = ${key}`;
  const pattern = key.replace(/[\\%_]/g, (char) => `\\${char}`).replace(/[^\x20-\x7e]+/gu, '%');
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * People an imported individual may be: same name (case-insensitive, as the unique index
 * compares) or same surname and given names (case-insensitive in every script), and no known
 * birth in another year. At most 20, people with a birth that year first.
 */
export async function findMatches(db: Executor, query: MatchQuery): Promise<MatchCandidate[]> {
  const name = nameKey(query.name);
  const surname = nameKey(query.surname);
  const given = nameKey(query.given_names);
  if (!name && !surname) return [];
  const year = query.birth_year;
  const rows = await db
    .selectFrom('participants')
    .select(['id', 'name', 'name_lower', ...LIFE_COLUMNS])
    .where((eb) =>
      eb.or([
        ...(name ? [eb('name_lower', '=', name)] : []),
        ...(surname
          ? [
              eb.and([
                loweredMatches('surname', surname),
                ...(given ? [loweredMatches('given_names', given)] : []),
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
    // Exact conditions can stop at 20; a pattern's rows are sorted out below first.
    .$if(ASCII.test(surname) && ASCII.test(given), (q) => q.limit(20))
    .execute();
  return rows
    .filter(
      (row) =>
        (name && row.name_lower === name) ||
        (surname &&
          nameKey(row.surname) === surname &&
          (!given || nameKey(row.given_names) === given)),
    )
    .slice(0, 20)
    .map((row) => ({ id: row.id, name: row.name, life: lifeValue(row) }));
}
