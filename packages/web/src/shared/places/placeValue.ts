import type { Place, PlaceValue } from '@kinfolio/contract';
import { coordinatesText, type Position } from './coordinates';

/** A place as a form holds it and a revision keeps it: no derived country. */
export const placeValueOf = (place: Place | PlaceValue | null | undefined): PlaceValue | null =>
  place ? { name: place.name, latitude: place.latitude, longitude: place.longitude } : null;

/** Whether two places say the same (the name, and the position to a micro-degree). */
export function samePlace(a: PlaceValue | null, b: PlaceValue | null): boolean {
  if (a === null || b === null) return a === b;
  const at = (p: PlaceValue) =>
    p.latitude === null || p.longitude === null
      ? ''
      : coordinatesText({ latitude: p.latitude, longitude: p.longitude });
  return a.name.trim() === b.name.trim() && at(a) === at(b);
}

/** A place in words for a history line: its name, its coordinates, or both. */
export function placeWords(
  place: PlaceValue | null,
  format: (position: Position) => string,
  none: string,
): string {
  if (!place) return none;
  const position =
    place.latitude !== null && place.longitude !== null
      ? format({ latitude: place.latitude, longitude: place.longitude })
      : '';
  return [place.name, position && place.name ? `(${position})` : position]
    .filter(Boolean)
    .join(' ');
}
