import type { PlacePoint } from '@kinfolio/contract';
import type { Position } from './coordinates';

/** How far "nearby" looks around a place: about 25 km north and south. */
export const NEARBY_DEGREES = 0.25;
/** A zoom at which the server answers single entries rather than clusters. */
export const NEARBY_ZOOM = 22;

/** The box around a place the nearby list asks about, kept inside the world. */
export function nearbyBox({ latitude, longitude }: Position): string {
  // A degree of longitude shrinks towards the poles: the box stays roughly square on the ground.
  const wide = NEARBY_DEGREES / Math.max(0.2, Math.cos((latitude * Math.PI) / 180));
  const fix = (value: number) => Math.round(value * 1e5) / 1e5;
  return [
    fix(Math.max(-180, longitude - wide)),
    fix(Math.max(-90, latitude - NEARBY_DEGREES)),
    fix(Math.min(180, longitude + wide)),
    fix(Math.min(90, latitude + NEARBY_DEGREES)),
  ].join(',');
}

const distance = (a: Position, b: Position) => {
  const x = (b.longitude - a.longitude) * Math.cos(((a.latitude + b.latitude) * Math.PI) / 360);
  return Math.hypot(x, b.latitude - a.latitude);
};

/** The other entries of the answer, closest first (clusters, which name no entry, left out). */
export function nearbyEntries(
  points: readonly PlacePoint[],
  here: Position,
  self: { type: string; id: number },
  limit = 8,
): PlacePoint[] {
  return points
    .filter(
      (p) => p.count === 1 && p.id !== undefined && !(p.id === self.id && p.type === self.type),
    )
    .sort((a, b) => distance(here, a) - distance(here, b))
    .slice(0, limit);
}
