/** A rectangle in the map container's pixels. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * How far to pan the map (Leaflet's `panBy` offset, in pixels) so a point drawn at `point` is no
 * longer under `cover` (a card over the map) and stays `margin` pixels clear of it and of the map's
 * edges; null when the point is already clear. The smallest move that fits wins: up above the card,
 * or sideways past it (a card as wide as the map, a phone's sheet, leaves only up).
 */
export function uncoverShift(
  point: { x: number; y: number },
  cover: Rect,
  size: { x: number; y: number },
  margin: number,
): [number, number] | null {
  const covered =
    point.x > cover.left - margin &&
    point.x < cover.right + margin &&
    point.y > cover.top - margin &&
    point.y < cover.bottom + margin;
  if (!covered) return null;
  // panBy([dx, dy]) moves the view by that much: the point moves the other way on the screen.
  const up: [number, number] = [0, point.y - (cover.top - margin)];
  const moves: { shift: [number, number]; fits: boolean }[] = [
    { shift: up, fits: cover.top - margin >= margin },
    { shift: [point.x - (cover.right + margin), 0], fits: cover.right + 2 * margin <= size.x },
    { shift: [point.x - (cover.left - margin), 0], fits: cover.left >= 2 * margin },
  ];
  const fitting = moves.filter((move) => move.fits);
  if (fitting.length === 0) return up;
  const length = ([x, y]: [number, number]) => Math.abs(x) + Math.abs(y);
  return fitting.reduce((best, move) => (length(move.shift) < length(best.shift) ? move : best))
    .shift;
}
