/** What the map shows: the box the server is asked about and the zoom its clusters are cut at. */
export interface Viewport {
  /** West, south, east, north, in degrees, inside the world (what `bbox=` accepts). */
  bbox: [number, number, number, number];
  zoom: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * The box of a Leaflet view as the API takes it. Leaflet lets the view wander past the
 * antimeridian (a west of -200° after panning); the whole width is asked for then, since a box
 * wider than the world, or one the server would have to split, is not a place anyone looks at.
 */
export function viewportOf(
  bounds: { west: number; south: number; east: number; north: number },
  zoom: number,
): Viewport {
  const wide = bounds.east - bounds.west >= 360 || bounds.west < -180 || bounds.east > 180;
  const west = wide ? -180 : round(clamp(bounds.west, -180, 180));
  const east = wide ? 180 : round(clamp(bounds.east, -180, 180));
  return {
    bbox: [west, round(clamp(bounds.south, -90, 90)), east, round(clamp(bounds.north, -90, 90))],
    zoom: clamp(Math.round(zoom), 0, 20),
  };
}

/** The `bbox` query value. */
export const bboxParam = (viewport: Viewport) => viewport.bbox.join(',');
