import L from 'leaflet';

/** What the map needs of a point: where, how many items, a name for screen readers. */
export interface PointLike {
  latitude: number;
  longitude: number;
  count: number;
}

/** A cluster's disc grows with its count (by tens), so a glance tells a crowd from a few. */
export function clusterSize(count: number): number {
  if (count <= 1) return 28;
  return Math.min(56, 32 + 6 * Math.floor(Math.log10(count)));
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A point's marker: a disc with its count (or a dot for one item), drawn in HTML so the theme's
 * colours and the focus ring apply; the count is `aria-hidden`, the label names it.
 */
export function pointIcon(point: PointLike, chosen = false): L.DivIcon {
  // One icon per look: react-leaflet swaps a marker's element for a new icon object, which lost
  // the focus (Tab through the points) and a tap aimed at it each time the page drew again.
  const key = `${chosen ? 'chosen' : point.count}`;
  const known = ICONS.get(key);
  if (known) return known;
  const icon = drawIcon(point, chosen);
  ICONS.set(key, icon);
  return icon;
}

const ICONS = new Map<string, L.DivIcon>();

function drawIcon(point: PointLike, chosen: boolean): L.DivIcon {
  const size = clusterSize(point.count);
  const kind = chosen ? 'chosen' : point.count > 1 ? 'cluster' : 'single';
  const text = point.count > 1 ? escape(point.count.toLocaleString()) : '';
  return L.divIcon({
    className: `kf-map-point kf-map-point--${kind}`,
    html: `<span aria-hidden="true">${text}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}
