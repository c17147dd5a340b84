import { createRequire } from 'node:module';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { ALPHA2, UNNUMBERED } from './iso-codes.js';

/**
 * Country shapes from Natural Earth at 1:50m (world-atlas's `countries-50m.json`, TopoJSON),
 * decoded once at first use into polygons with their bounding boxes, indexed by a grid of 5°
 * cells. A point is tested against the polygons of its cell whose box holds it, by ray casting
 * over every ring of the polygon (even-odd: a hole's crossings cancel its outer ring's).
 */
interface Shape {
  code: string;
  west: number;
  south: number;
  east: number;
  north: number;
  /** Every ring's edges back to back: x0, y0, x1, y1 for each edge. */
  edges: Float64Array;
  /** Edges whose latitudes reach each band of the box (indices into `edges` / 4). */
  bands: Uint32Array[];
}

const CELL = 5;
const COLUMNS = 360 / CELL;
const ROWS = 180 / CELL;
/** Rows of edges per polygon: big coasts (Russia's ~4,900 points) are tested a slice at a time. */
const BAND_EDGES = 24;

type Ring = Position[];

/**
 * Natural Earth cuts its shapes at the antimeridian but a few rings still jump across it
 * (|Δlongitude| > 180): Russia's Chukotka and Fiji's islands twice (a ring lying across it, moved
 * to 0…360° so its box stays small), Antarctica's coast once (a ring around the pole: closed along
 * the antimeridian and the pole instead of straight across the continent).
 */
function unwrap(ring: Ring): { ring: Ring; shifted: boolean } {
  const jumps: number[] = [];
  for (let i = 1; i < ring.length; i++) {
    if (Math.abs(ring[i]![0]! - ring[i - 1]![0]!) > 180) jumps.push(i);
  }
  if (jumps.length === 0) return { ring, shifted: false };
  if (jumps.length % 2 === 0) {
    return { ring: ring.map(([x, y]) => [x! < 0 ? x! + 360 : x!, y!]), shifted: true };
  }
  const at = jumps[0]!;
  const [xa, ya] = ring[at - 1]!;
  const [, yb] = ring[at]!;
  const pole = ring.reduce((sum, point) => sum + point[1]!, 0) < 0 ? -90 : 90;
  const side = Math.sign(xa!) * 180;
  const detour: Ring = [
    [side, ya!],
    [side, pole],
    [-side, pole],
    [-side, yb!],
  ];
  return { ring: [...ring.slice(0, at), ...detour, ...ring.slice(at)], shifted: false };
}

function shapeOf(code: string, rings: Ring[]): Shape {
  const unwrapped = rings.map(unwrap);
  const shifted = unwrapped.some((one) => one.shifted);
  const points = unwrapped.map((one) =>
    shifted && !one.shifted ? one.ring.map(([x, y]) => [x! < 0 ? x! + 360 : x!, y!]) : one.ring,
  );
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  const flat: number[] = [];
  for (const ring of points) {
    for (let i = 1; i < ring.length; i++) {
      const [x0, y0] = ring[i - 1]!;
      const [x1, y1] = ring[i]!;
      flat.push(x0!, y0!, x1!, y1!);
      west = Math.min(west, x1!);
      east = Math.max(east, x1!);
      south = Math.min(south, y1!);
      north = Math.max(north, y1!);
    }
  }
  const edges = Float64Array.from(flat);
  const count = edges.length / 4;
  const bandCount = Math.max(1, Math.ceil(count / BAND_EDGES));
  const height = (north - south) / bandCount || 1;
  const lists: number[][] = Array.from({ length: bandCount }, () => []);
  for (let e = 0; e < count; e++) {
    const low = Math.min(edges[e * 4 + 1]!, edges[e * 4 + 3]!);
    const high = Math.max(edges[e * 4 + 1]!, edges[e * 4 + 3]!);
    const first = Math.max(0, Math.floor((low - south) / height));
    const last = Math.min(bandCount - 1, Math.floor((high - south) / height));
    for (let b = first; b <= last; b++) lists[b]!.push(e);
  }
  return { code, west, south, east, north, edges, bands: lists.map((l) => Uint32Array.from(l)) };
}

function contains(shape: Shape, x: number, y: number): boolean {
  if (x < shape.west || x > shape.east || y < shape.south || y > shape.north) return false;
  const height = (shape.north - shape.south) / shape.bands.length || 1;
  const band =
    shape.bands[Math.min(shape.bands.length - 1, Math.floor((y - shape.south) / height))]!;
  const edges = shape.edges;
  let inside = false;
  for (let i = 0; i < band.length; i++) {
    const e = band[i]! * 4;
    const x0 = edges[e]!;
    const y0 = edges[e + 1]!;
    const x1 = edges[e + 2]!;
    const y1 = edges[e + 3]!;
    if (y0 > y !== y1 > y && x < ((x1 - x0) * (y - y0)) / (y1 - y0) + x0) inside = !inside;
  }
  return inside;
}

function area(shape: Shape): number {
  return (shape.east - shape.west) * (shape.north - shape.south);
}

function cellOf(x: number, y: number): number {
  const column = Math.min(COLUMNS - 1, Math.max(0, Math.floor((x + 180) / CELL)));
  const row = Math.min(ROWS - 1, Math.max(0, Math.floor((y + 90) / CELL)));
  return row * COLUMNS + column;
}

interface Index {
  cells: Shape[][];
  loadedMs: number;
}

function load(): Index {
  const started = performance.now();
  const require = createRequire(import.meta.url);
  const topology = require('world-atlas/countries-50m.json') as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const countries = feature(topology, topology.objects.countries);
  const cells: Shape[][] = Array.from({ length: COLUMNS * ROWS }, () => []);
  for (const country of countries.features) {
    const code =
      (country.id === undefined ? undefined : ALPHA2[String(country.id)]) ??
      UNNUMBERED[country.properties.name];
    const geometry = country.geometry as Polygon | MultiPolygon | null;
    if (!code || !geometry) continue;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const rings of polygons) {
      const shape = shapeOf(code, rings);
      // A shape moved to 0…360° is filed under the cells of both its halves.
      for (const offset of shape.east > 180 ? [0, -360] : [0]) {
        const west = Math.max(-180, shape.west + offset);
        const east = Math.min(180, shape.east + offset);
        if (west > east) continue;
        const first = cellOf(west, shape.south);
        const last = cellOf(east, shape.north);
        for (let row = Math.floor(first / COLUMNS); row <= Math.floor(last / COLUMNS); row++) {
          for (let column = first % COLUMNS; column <= last % COLUMNS; column++) {
            cells[row * COLUMNS + column]!.push(shape);
          }
        }
      }
    }
  }
  return { cells, loadedMs: performance.now() - started };
}

let index: Index | undefined;

/** How long the first use took to read and index the shapes (for benches), loading them if needed. */
export function boundariesLoadMs(): number {
  return (index ??= load()).loadedMs;
}

/**
 * The ISO alpha-2 code of the country drawn at this position ([-180, 180) longitude, latitude in
 * [-90, 90]), or null outside every shape (sea, and the coast's last few hundred metres).
 */
export function shapeAt(latitude: number, longitude: number): string | null {
  const cells = (index ??= load()).cells;
  // Natural Earth draws enclaves (the Vatican, San Marino, Monaco) over their neighbour without
  // a hole in it: of the shapes holding the point, the smallest box wins.
  let found: Shape | null = null;
  for (const shape of cells[cellOf(longitude, latitude)]!) {
    if (found && area(shape) >= area(found)) continue;
    if (
      contains(shape, longitude, latitude) ||
      (shape.east > 180 && contains(shape, longitude + 360, latitude))
    ) {
      found = shape;
    }
  }
  return found?.code ?? null;
}
