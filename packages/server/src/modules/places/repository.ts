import { searchFold, type Place, type PlaceInput, type PlaceValue } from '@kinfolio/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PlacesTable } from '../../db/schema.js';
import { answerLanguage } from '../../i18n/answer-language.js';
import { countryAt, presentCountry } from './country.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type PlaceRow = Selectable<PlacesTable>;

/** The columns an item or a record keeps of its place. */
export interface PlaceColumns {
  place_id: number | null;
  latitude: number | null;
  longitude: number | null;
}

export const NO_PLACE: PlaceColumns = { place_id: null, latitude: null, longitude: null };

/**
 * The row of this place: the one already used for the same name and position, else a new one
 * with its country derived from the position. Null input: no place.
 */
export async function placeColumns(
  db: Executor,
  input: PlaceInput | null,
  now: string,
): Promise<PlaceColumns> {
  if (!input) return NO_PLACE;
  const { name, latitude, longitude } = input;
  // Neither a name nor a position (an undo of a hand-edited request): no place.
  if (name === '' && (latitude === null || longitude === null)) return NO_PLACE;
  const found = await db
    .selectFrom('places')
    .select('id')
    .where('name', '=', name)
    .where((eb) =>
      latitude === null || longitude === null
        ? eb.and([eb('latitude', 'is', null), eb('longitude', 'is', null)])
        : eb.and([eb('latitude', '=', latitude), eb('longitude', '=', longitude)]),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const id =
    found?.id ??
    (
      await db
        .insertInto('places')
        .values({
          name,
          name_folded: searchFold(name),
          latitude,
          longitude,
          country: latitude === null || longitude === null ? null : countryAt(latitude, longitude),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return { place_id: id, latitude, longitude };
}

/** Places by id. */
export async function placesByIds(db: Executor, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const map = new Map<number, PlaceRow>();
  for (let start = 0; start < wanted.length; start += 500) {
    const rows = await db
      .selectFrom('places')
      .selectAll()
      .where('id', 'in', wanted.slice(start, start + 500))
      .execute();
    for (const row of rows) map.set(row.id, row);
  }
  return map;
}

/** What a revision keeps of a place (a PATCH takes it back). */
export function placeValue(row: PlaceRow | undefined): PlaceValue | null {
  return row ? { name: row.name, latitude: row.latitude, longitude: row.longitude } : null;
}

/** A place as read, its country named in the answer's language. */
export function presentPlace(row: PlaceRow | undefined): Place | null {
  return row
    ? { ...placeValue(row)!, country: presentCountry(row.country, answerLanguage()) }
    : null;
}

/** Whether two kept places are the same (both none, or same name and position). */
export function samePlace(a: PlaceValue | null, b: PlaceValue | null): boolean {
  if (!a || !b) return a === b;
  return a.name === b.name && a.latitude === b.latitude && a.longitude === b.longitude;
}
