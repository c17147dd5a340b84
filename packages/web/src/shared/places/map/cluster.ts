import type { PointLike } from './pointIcon';

/** Past this zoom a cluster's entries are as good as in one spot: it opens instead of zooming. */
export const SPLIT_ZOOM = 17;

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * The grid cell the server counted a cluster in (`GET /api/places/points`: cells a quarter of a
 * 256-pixel tile at the zoom asked, as many degrees high as wide). Every entry of the cluster lies
 * in it, and so does their mean, the cluster's position: the cell is found from that position.
 */
export function clusterCell(point: PointLike, zoom: number): Box {
  const cells = 2 ** (zoom + 2);
  const width = 360 / cells;
  const index = (degrees: number, offset: number, last: number) =>
    Math.min(Math.max(Math.floor(((degrees + offset) * cells) / 360), 0), last);
  const x = index(point.longitude, 180, cells - 1);
  const y = index(point.latitude, 90, cells / 2 - 1);
  return {
    west: x * width - 180,
    east: Math.min((x + 1) * width - 180, 180),
    south: y * width - 90,
    north: Math.min((y + 1) * width - 90, 90),
  };
}

/**
 * The zoom a tapped cluster opens to: the closest that still shows its whole cell (`fit`), so its
 * entries all stay on the screen, whatever its size; at least one step in (a cell drawn taller
 * than the map near the poles, or one counted at an earlier zoom whose points are still drawn
 * while the view's load), at most SPLIT_ZOOM.
 */
export function clusterZoom(fit: number, current: number): number {
  return Math.min(SPLIT_ZOOM, Math.max(fit, Math.floor(current) + 1));
}
