import {
  PARENT_KINDS,
  SPOUSE_KINDS,
  type LifeDate,
  type PlaceValue,
  type Relation,
  type RelationKind,
  type RelationType,
} from '@kinfolio/contract';
import { sql, type Selectable } from 'kysely';
import type { ParticipantRelationsTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { fieldError } from '../../http/errors.js';
import { answerLanguage } from '../../i18n/answer-language.js';
import { presentCountry } from '../places/index.js';
import {
  checkedDate,
  checkedPlace,
  dateText,
  NO_PLACE_PARTS,
  placeOf,
  placeParts,
  readDate,
} from './dates.js';
import type { Executor } from './life.js';

export type RelationRow = Selectable<ParticipantRelationsTable>;

/** A relation as a revision keeps it and as the GEDCOM export reads it. */
export interface RelationValue {
  type: RelationType;
  person1_id: number;
  person2_id: number;
  kind: RelationKind;
  start: LifeDate | null;
  end: LifeDate | null;
  place: PlaceValue | null;
}

/** A relation to add: `parent` means person1 is person2's parent; the order of spouses is free. */
export interface NewRelation {
  type: RelationType;
  person1_id: number;
  person2_id: number;
  kind?: RelationKind | undefined;
  start?: LifeDate | null | undefined;
  end?: LifeDate | null | undefined;
  place?: PlaceValue | null | undefined;
  /** JSON-able data a GEDCOM import keeps for the export (sources, unknown tags). */
  gedcom_extra?: unknown;
}

export interface RelationDetails {
  kind?: RelationKind | undefined;
  start?: LifeDate | null | undefined;
  end?: LifeDate | null | undefined;
  place?: PlaceValue | null | undefined;
}

const KINDS: Record<RelationType, readonly RelationKind[]> = {
  parent: PARENT_KINDS,
  spouse: SPOUSE_KINDS,
};

export function relationValue(row: RelationRow): RelationValue {
  return {
    type: row.type as RelationType,
    person1_id: row.person1_id,
    person2_id: row.person2_id,
    kind: row.kind as RelationKind,
    start: readDate(row.start_date),
    end: readDate(row.end_date),
    place: placeOf(row.place_name, row.place_lat, row.place_lon),
  };
}

export function presentRelation(row: RelationRow): Relation {
  const value = relationValue(row);
  return {
    id: row.id,
    ...value,
    place: value.place && {
      ...value.place,
      country: presentCountry(row.place_country, answerLanguage()),
    },
  };
}

/**
 * Whether `ancestor` is `person` or one of their ancestors, through parent relations, in one
 * recursive query (UNION stops on rows already seen, so even a cycle left by a hand edit ends).
 */
export async function isAncestorOrSelf(
  db: Executor,
  ancestor: number,
  person: number,
): Promise<boolean> {
  return ancestor === person || isAncestor(db, ancestor, person);
}

/** Whether `ancestor` is reached from `person` through parents (themselves: a cycle). */
export async function isAncestor(db: Executor, ancestor: number, person: number): Promise<boolean> {
  const result = await sql<{ found: number }>`
    with recursive up(id) as (
      select person1_id from participant_relations where type = 'parent' and person2_id = ${person}
      union
      select r.person1_id from participant_relations r join up on r.person2_id = up.id
      where r.type = 'parent'
    )
    select 1 as found from up where id = ${ancestor} limit 1
  `.execute(db);
  return result.rows.length > 0;
}

/** The rules every new or changed relation meets; a localised 422 for the first broken one. */
async function checkRelation(
  db: Executor,
  value: RelationValue,
  exceptId: number | null,
): Promise<void> {
  if (value.person1_id === value.person2_id) throw fieldError('participant_id', 'family.self');
  if (!KINDS[value.type].includes(value.kind)) throw fieldError('kind', 'family.kind_invalid');
  const same = await db
    .selectFrom('participant_relations')
    .select('id')
    .where('type', '=', value.type)
    .where('person1_id', '=', value.person1_id)
    .where('person2_id', '=', value.person2_id)
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  if (same) throw fieldError('participant_id', 'family.duplicate');
  if (value.type !== 'parent') return;
  // The parent must not already descend from the child (the child would be their own ancestor).
  if (exceptId === null && (await isAncestorOrSelf(db, value.person2_id, value.person1_id))) {
    throw fieldError('participant_id', 'family.cycle');
  }
  if (value.kind === 'birth') {
    const row = await db
      .selectFrom('participant_relations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'parent')
      .where('kind', '=', 'birth')
      .where('person2_id', '=', value.person2_id)
      .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= 2) throw fieldError('participant_id', 'family.too_many_parents');
  }
}

/** The stored order of a pair: spouses smaller id first, so one couple is one row. */
export function normalisedPair(type: RelationType, a: number, b: number): [number, number] {
  return type === 'spouse' && a > b ? [b, a] : [a, b];
}

/**
 * The details checked as the contract says: a place belongs to a partnership (the marriage), so a
 * parenthood sent with one is refused rather than stored without it.
 */
function checkedDetails(type: RelationType, details: RelationDetails) {
  const place = details.place === undefined ? undefined : checkedPlace('place', details.place);
  if (type === 'parent' && place && placeParts(place) !== NO_PLACE_PARTS) {
    throw fieldError('place', 'family.place_parent');
  }
  return {
    start: details.start === undefined ? undefined : checkedDate('start', details.start),
    end: details.end === undefined ? undefined : checkedDate('end', details.end),
    place,
  };
}

function extraText(extra: unknown): string | null {
  return extra === undefined || extra === null ? null : JSON.stringify(extra);
}

/**
 * Adds a relation after every check, inside the caller's transaction. The caller holds the
 * archive stamp's lock (stampedTransaction), so two adds run one after the other and the checks
 * see each other's rows; the unique index still turns a duplicate that slips by into the 422.
 */
export async function insertRelation(
  db: Executor,
  input: NewRelation,
  now: string,
): Promise<RelationRow> {
  const [person1, person2] = normalisedPair(input.type, input.person1_id, input.person2_id);
  const details = checkedDetails(input.type, input);
  const value: RelationValue = {
    type: input.type,
    person1_id: person1,
    person2_id: person2,
    kind: input.kind ?? (input.type === 'parent' ? 'birth' : 'married'),
    start: details.start ?? null,
    end: details.end ?? null,
    place: details.place ?? null,
  };
  await checkRelation(db, value, null);
  const place = placeParts(value.place);
  try {
    return await db
      .insertInto('participant_relations')
      .values({
        type: value.type,
        person1_id: person1,
        person2_id: person2,
        kind: value.kind,
        start_date: dateText(value.start),
        end_date: dateText(value.end),
        place_name: place.name,
        place_lat: place.lat,
        place_lon: place.lon,
        place_country: place.country,
        gedcom_extra: extraText(input.gedcom_extra),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('participant_id', 'family.duplicate');
    throw error;
  }
}

/** Changes a relation's kind, dates or place (its people stay); undefined when nothing changed. */
export async function updateRelationRow(
  db: Executor,
  current: RelationRow,
  input: RelationDetails & { gedcom_extra?: unknown },
  now: string,
): Promise<RelationRow | undefined> {
  const before = relationValue(current);
  const details = checkedDetails(before.type, input);
  const next: RelationValue = {
    ...before,
    kind: input.kind ?? before.kind,
    start: details.start === undefined ? before.start : details.start,
    end: details.end === undefined ? before.end : details.end,
    place: details.place === undefined ? before.place : details.place,
  };
  if (next.kind !== before.kind) await checkRelation(db, next, current.id);
  const place = placeParts(next.place);
  const columns = {
    kind: next.kind,
    start_date: dateText(next.start),
    end_date: dateText(next.end),
    place_name: place.name,
    place_lat: place.lat,
    place_lon: place.lon,
    place_country: place.country,
    ...(input.gedcom_extra === undefined ? {} : { gedcom_extra: extraText(input.gedcom_extra) }),
  };
  const changed = Object.entries(columns).some(
    ([column, value]) => current[column as keyof RelationRow] !== value,
  );
  if (!changed) return undefined;
  return db
    .updateTable('participant_relations')
    .set({ ...columns, updated_at: now })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findRelation(db: Executor, id: number) {
  return db.selectFrom('participant_relations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Relations touching any of these people, in one query per 500 of them. */
export async function relationsOf(db: Executor, ids: number[]): Promise<RelationRow[]> {
  const byId = new Map<number, RelationRow>();
  const wanted = [...new Set(ids)];
  for (let start = 0; start < wanted.length; start += 500) {
    const chunk = wanted.slice(start, start + 500);
    const rows = await db
      .selectFrom('participant_relations')
      .selectAll()
      .where((eb) => eb.or([eb('person1_id', 'in', chunk), eb('person2_id', 'in', chunk)]))
      .execute();
    for (const row of rows) byId.set(row.id, row);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
