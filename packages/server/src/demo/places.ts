import { searchFold } from '@kinfolio/contract';
import { countryAt } from '../modules/places/index.js';
import { PLACE_COORDINATES } from './pictures.js';
import { DEMO_RECORDS } from './records.js';

/** The demo family's places, by the lexicons' order (see PLACE_COORDINATES), as they name them. */
export const DEMO_PLACE_NAMES: readonly string[] = [
  'Marseille',
  'Lourmarin',
  'Torino',
  'Bodensee',
  'Casablanca',
  'La ferme de Bretagne',
  'Gare de Lyon, Paris',
  'Plage de Cassis',
  'Le jardin de Papi Jean',
  'München',
  'Marché du dimanche, Aix-en-Provence',
  'Le chalet, Chamonix',
  'London',
  'L’église du village',
];

/** A number from 0 to 1 drawn from an item's index alone (the generator's sequence untouched). */
function hashed(index: number, salt: number): number {
  let h = (index * 2_654_435_761 + salt * 40_503) >>> 0;
  h ^= h >>> 15;
  h = Math.imul(h, 2_246_822_519) >>> 0;
  h ^= h >>> 13;
  return (h >>> 0) / 4_294_967_296;
}

export type DemoPlacement =
  { kind: 'named'; place: number } | { kind: 'position'; latitude: number; longitude: number };

/**
 * Where a demo item happened: the place its title names; else, for about half of the others, a
 * phone's position within a few kilometres of one of the family's places (as GPS puts photos).
 */
export function demoPlacement(index: number, named: number | null): DemoPlacement | null {
  if (named !== null) return { kind: 'named', place: named };
  if (hashed(index, 1) >= 0.5) return null;
  const [latitude, longitude] =
    PLACE_COORDINATES[Math.floor(hashed(index, 2) * PLACE_COORDINATES.length)]!;
  return {
    kind: 'position',
    latitude: Math.round((latitude + (hashed(index, 3) - 0.5) * 0.06) * 1e6) / 1e6,
    longitude: Math.round((longitude + (hashed(index, 4) - 0.5) * 0.08) * 1e6) / 1e6,
  };
}

/** A places row of the demo. */
export function demoPlaceRow(
  id: number,
  name: string,
  latitude: number,
  longitude: number,
  now: string,
) {
  return {
    id,
    name,
    name_folded: searchFold(name),
    latitude,
    longitude,
    country: countryAt(latitude, longitude),
    created_at: now,
  };
}

type DemoPlaceRow = ReturnType<typeof demoPlaceRow>;

/**
 * The places of the demo records (records.ts): the family's named place when one has the same
 * name and position (a record made in Torino and the photos taken there share it), else a row of
 * their own, one per town, with ids from `nextId`. `rows` are those to insert.
 */
export function demoRecordPlaces(
  named: readonly DemoPlaceRow[],
  nextId: number,
  now: string,
): { rows: DemoPlaceRow[]; byName: Map<string, DemoPlaceRow> } {
  const key = (name: string, latitude: number | null, longitude: number | null) =>
    `${name}|${latitude}|${longitude}`;
  const known = new Map(named.map((row) => [key(row.name, row.latitude, row.longitude), row]));
  const rows: DemoPlaceRow[] = [];
  const byName = new Map<string, DemoPlaceRow>();
  for (const { place } of DEMO_RECORDS) {
    if (byName.has(place.name)) continue;
    let row = known.get(key(place.name, place.latitude, place.longitude));
    if (!row) {
      row = demoPlaceRow(nextId + rows.length, place.name, place.latitude, place.longitude, now);
      rows.push(row);
    }
    byName.set(place.name, row);
  }
  return { rows, byName };
}
