import {
  ITEM_TYPES,
  PLACE_LIMITS,
  type ItemType,
  type PlaceBbox,
  type PlacePoint,
  type PlacePointsQuery,
  type PlacePointType,
} from '@kinfolio/contract';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import { PLACE_LEVELS } from '../../db/migrations/0041_places.js';
import type { Database } from '../../db/schema.js';
import { filesRepository, thumbnailUrl } from '../files/index.js';

/**
 * The map's points: the live placed entries in a box, grouped in a grid whose cells are a quarter
 * of a 256-pixel tile at the zoom asked (cells 90/2^zoom degrees wide, level zoom + 2).
 *
 * Views without link or date filters, up to zoom 16, read the counters of `place_cells`
 * (migration 0041): a sum over the few thousand counters of the cells shown, however many
 * entries the archive holds. Closer views (a few streets) and filtered ones group the entries
 * themselves, read by the position index within the box (few at a close zoom; as many as the
 * filter keeps otherwise).
 */
interface Cell {
  cx: number;
  cy: number;
  n: number;
  latSum: number;
  lonSum: number;
  /** Entries of the cell when known and few (the first, for a single entry). */
  ids: { kind: PlacePointType; id: number }[] | null;
}

type Db = Kysely<Database>;

/** The grid level of a zoom: cells a quarter of a tile wide. */
export const levelOf = (zoom: number) => zoom + 2;

/** The box as one or two boxes that do not cross the antimeridian. */
function spans(box: PlaceBbox): PlaceBbox[] {
  if (box.west <= box.east) return [box];
  return [
    { ...box, east: 180 },
    { ...box, west: -180 },
  ];
}

const cellIndex = (degrees: number, offset: number, level: number, last: number) =>
  Math.min(Math.max(Math.floor(((degrees + offset) * 2 ** level) / 360), 0), last);

function cellRange(box: PlaceBbox, level: number) {
  const lastX = 2 ** level - 1;
  const lastY = 2 ** (level - 1) - 1;
  return {
    x0: cellIndex(box.west, 180, level, lastX),
    x1: cellIndex(box.east, 180, level, lastX),
    y0: cellIndex(box.south, 90, level, lastY),
    y1: cellIndex(box.north, 90, level, lastY),
  };
}

/**
 * The box grown to the edges of the cells it touches: a cluster counts every entry of its cell,
 * read from the counters or from the entries alike (its mean position may lie past the box).
 */
function cellBox(box: PlaceBbox, level: number): PlaceBbox {
  const { x0, x1, y0, y1 } = cellRange(box, level);
  const width = 360 / 2 ** level;
  return {
    west: x0 * width - 180,
    east: Math.min((x1 + 1) * width - 180, 180),
    south: y0 * width - 90,
    north: Math.min((y1 + 1) * width - 90, 90),
  };
}

const needsRows = (query: PlacePointsQuery) =>
  query.category !== undefined ||
  query.participant !== undefined ||
  query.tag !== undefined ||
  query.date_from !== undefined ||
  query.date_to !== undefined;

/** The kinds the query shows: its `type`, else every item type and records. */
function kindsOf(query: PlacePointsQuery): PlacePointType[] {
  return query.type ? [query.type] : [...ITEM_TYPES, 'record'];
}

async function countedCells(db: Db, box: PlaceBbox, query: PlacePointsQuery): Promise<Cell[]> {
  const level = levelOf(query.zoom);
  const { x0, x1, y0, y1 } = cellRange(box, level);
  const rows = await db
    .selectFrom('place_cells')
    .select([
      'cx',
      'cy',
      sql<number | string>`sum(n)`.as('n'),
      sql<number>`sum(lat_sum)`.as('lat_sum'),
      sql<number>`sum(lon_sum)`.as('lon_sum'),
      sql<number | string>`sum(id_sum)`.as('id_sum'),
      sql<string | null>`max(case when n > 0 then kind end)`.as('kind'),
    ])
    .where('level', '=', level)
    .where('cx', '>=', x0)
    .where('cx', '<=', x1)
    .where('cy', '>=', y0)
    .where('cy', '<=', y1)
    .$if(query.type !== undefined, (q) => q.where('kind', '=', query.type!))
    .$if(query.language !== undefined, (q) => q.where('language', '=', query.language!))
    .groupBy(['cx', 'cy'])
    .having(sql<boolean>`sum(n) > 0`)
    .execute();
  return rows.map((row) => {
    const n = Number(row.n);
    return {
      cx: row.cx,
      cy: row.cy,
      n,
      latSum: Number(row.lat_sum),
      lonSum: Number(row.lon_sum),
      // A cell of one entry sums one id: that entry's.
      ids: n === 1 ? [{ kind: row.kind as PlacePointType, id: Number(row.id_sum) }] : null,
    };
  });
}

const dayAfter = (day: string) => {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
};

/** The cell of each row at `level`, in SQL (floor: a cast truncates in SQLite). */
function cellColumns(dialect: Dialect, level: number) {
  const floor = (expr: string) =>
    dialect === 'postgres' ? `floor(${expr})::integer` : `cast(${expr} as integer)`;
  const least = dialect === 'postgres' ? 'least' : 'min';
  const width = 2 ** level;
  return {
    cx: sql<number>`${sql.raw(`${least}(${floor(`(longitude + 180) * ${width} / 360.0`)}, ${width - 1})`)}`,
    cy: sql<number>`${sql.raw(`${least}(${floor(`(latitude + 90) * ${width} / 360.0`)}, ${width / 2 - 1})`)}`,
  };
}

const idList = (dialect: Dialect) =>
  dialect === 'postgres'
    ? sql<string | null>`case when count(*) <= ${sql.lit(PLACE_LIMITS.clusterIdsMax)}
        then string_agg(id::text, ',' order by id) end`
    : sql<string | null>`case when count(*) <= ${sql.lit(PLACE_LIMITS.clusterIdsMax)}
        then group_concat(id) end`;

interface GroupedRow {
  cx: number;
  cy: number;
  n: number | string;
  lat_sum: number;
  lon_sum: number;
  ids: string | null;
  /** The kind of a lone entry (of a cluster, one of its kinds: used for none). */
  kind: string;
}

const toCells = (rows: GroupedRow[]): Cell[] =>
  rows.map((row) => ({
    cx: Number(row.cx),
    cy: Number(row.cy),
    n: Number(row.n),
    latSum: Number(row.lat_sum),
    lonSum: Number(row.lon_sum),
    ids: row.ids
      ? row.ids
          .split(',')
          .map(Number)
          .sort((a, b) => a - b)
          .map((id) => ({ kind: row.kind as PlacePointType, id }))
      : null,
  }));

/** Live placed items in the box, grouped by cell, with the list filters. */
async function itemCells(
  db: Db,
  dialect: Dialect,
  box: PlaceBbox,
  query: PlacePointsQuery,
  types: ItemType[],
): Promise<Cell[]> {
  const { cx, cy } = cellColumns(dialect, levelOf(query.zoom));
  let q = db
    .selectFrom('items')
    .where('latitude', 'is not', null)
    .where('deleted_at', 'is', null)
    .where('latitude', '>=', box.south)
    .where('latitude', '<=', box.north)
    .where('longitude', '>=', box.west)
    .where('longitude', '<=', box.east);
  if (types.length < ITEM_TYPES.length) q = q.where('type', 'in', types);
  if (query.language) q = q.where('language', '=', query.language);
  if (query.date_from) q = q.where('date', '>=', `${query.date_from}T00:00:00.000Z`);
  if (query.date_to) q = q.where('date', '<', dayAfter(query.date_to));
  if (query.category !== undefined) {
    const category = query.category;
    q = q.where('id', 'in', (eb) =>
      eb.selectFrom('item_category_scopes').select('item_id').where('category_id', '=', category),
    );
  }
  if (query.participant !== undefined) {
    const participant = query.participant;
    q = q.where('id', 'in', (eb) =>
      eb
        .selectFrom('item_participants')
        .select('item_id')
        .where('participant_id', '=', participant),
    );
  }
  if (query.tag !== undefined) {
    const tag = query.tag;
    q = q.where('id', 'in', (eb) =>
      eb.selectFrom('item_tags').select('item_id').where('tag_id', '=', tag),
    );
  }
  const rows = await q
    .select([
      cx.as('cx'),
      cy.as('cy'),
      sql<number | string>`count(*)`.as('n'),
      sql<number>`sum(latitude)`.as('lat_sum'),
      sql<number>`sum(longitude)`.as('lon_sum'),
      idList(dialect).as('ids'),
      sql<string>`max(type)`.as('kind'),
    ])
    .groupBy([cx, cy])
    .execute();
  return toCells(rows);
}

/** Live placed records in the box, grouped by cell (records have no categories nor tags). */
async function recordCells(
  db: Db,
  dialect: Dialect,
  box: PlaceBbox,
  query: PlacePointsQuery,
): Promise<Cell[]> {
  if (query.category !== undefined || query.tag !== undefined) return [];
  const { cx, cy } = cellColumns(dialect, levelOf(query.zoom));
  let q = db
    .selectFrom('records')
    .where('latitude', 'is not', null)
    .where('deleted_at', 'is', null)
    .where('latitude', '>=', box.south)
    .where('latitude', '<=', box.north)
    .where('longitude', '>=', box.west)
    .where('longitude', '<=', box.east);
  if (query.language) q = q.where('lang', '=', query.language);
  if (query.date_from) {
    q = q.where('registration_date', '>=', `${query.date_from}T00:00:00.000Z`);
  }
  if (query.date_to) q = q.where('registration_date', '<', dayAfter(query.date_to));
  if (query.participant !== undefined) {
    const participant = query.participant;
    q = q.where('id', 'in', (eb) =>
      eb.selectFrom('record_people').select('record_id').where('participant_id', '=', participant),
    );
  }
  const rows = await q
    .select([
      cx.as('cx'),
      cy.as('cy'),
      sql<number | string>`count(*)`.as('n'),
      sql<number>`sum(latitude)`.as('lat_sum'),
      sql<number>`sum(longitude)`.as('lon_sum'),
      idList(dialect).as('ids'),
      sql<string>`'record'`.as('kind'),
    ])
    .groupBy([cx, cy])
    .execute();
  return toCells(rows);
}

/** Cells of the same grid square from several sources, added together. */
function merged(cells: Cell[]): Cell[] {
  const byKey = new Map<string, Cell>();
  for (const cell of cells) {
    const key = `${cell.cx}:${cell.cy}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { ...cell, ids: cell.ids ? [...cell.ids] : null });
      continue;
    }
    seen.n += cell.n;
    seen.latSum += cell.latSum;
    seen.lonSum += cell.lonSum;
    seen.ids =
      seen.ids && cell.ids && seen.ids.length + cell.ids.length <= PLACE_LIMITS.clusterIdsMax
        ? [...seen.ids, ...cell.ids]
        : null;
  }
  return [...byKey.values()];
}

/** A cluster's ids: its items', when it holds only items (a record's id is of another kind). */
function clusterIds(cell: Cell): number[] | undefined {
  if (!cell.ids || cell.ids.some((entry) => entry.kind === 'record')) return undefined;
  return cell.ids.map((entry) => entry.id);
}

async function cellsIn(
  db: Db,
  dialect: Dialect,
  box: PlaceBbox,
  query: PlacePointsQuery,
): Promise<Cell[]> {
  if (!needsRows(query) && levelOf(query.zoom) <= PLACE_LEVELS.max) {
    return countedCells(db, box, query);
  }
  const kinds = kindsOf(query);
  const types = kinds.filter((kind): kind is ItemType => kind !== 'record');
  const cells = cellBox(box, levelOf(query.zoom));
  const [items, records] = await Promise.all([
    types.length ? itemCells(db, dialect, cells, query, types) : [],
    kinds.includes('record') ? recordCells(db, dialect, cells, query) : [],
  ]);
  return merged([...items, ...records]);
}

interface Single {
  title: string;
  date: string | null;
  thumbnail_url: string | null;
}

/** Title, date and picture of the single entries shown, in two or three queries. */
async function singles(db: Db, entries: { kind: PlacePointType; id: number }[]) {
  const itemIds = entries.filter((e) => e.kind !== 'record').map((e) => e.id);
  const recordIds = entries.filter((e) => e.kind === 'record').map((e) => e.id);
  const found = new Map<string, Single>();
  for (let start = 0; start < itemIds.length; start += 500) {
    const ids = itemIds.slice(start, start + 500);
    const [rows, files] = await Promise.all([
      db
        .selectFrom('items')
        .select(['id', 'title', 'date', 'created_at'])
        .where('id', 'in', ids)
        .execute(),
      filesRepository(db).itemSummaries(ids),
    ]);
    for (const row of rows) {
      const picture = files.get(row.id)?.pictureId;
      found.set(`item:${row.id}`, {
        title: row.title,
        date: row.date ?? row.created_at,
        thumbnail_url: picture === null || picture === undefined ? null : thumbnailUrl(picture),
      });
    }
  }
  for (let start = 0; start < recordIds.length; start += 500) {
    const rows = await db
      .selectFrom('records')
      .select(['id', 'title', 'number', 'registration_date'])
      .where('id', 'in', recordIds.slice(start, start + 500))
      .execute();
    for (const row of rows) {
      found.set(`record:${row.id}`, {
        title: row.title || row.number,
        date: row.registration_date,
        thumbnail_url: null,
      });
    }
  }
  return (entry: { kind: PlacePointType; id: number }) =>
    found.get(`${entry.kind === 'record' ? 'record' : 'item'}:${entry.id}`);
}

/** `GET /api/places/points`. */
export async function placePoints(
  db: Db,
  dialect: Dialect,
  query: PlacePointsQuery,
): Promise<PlacePoint[]> {
  const cells = (
    await Promise.all(spans(query.bbox).map((box) => cellsIn(db, dialect, box, query)))
  ).flat();
  const lone = cells.flatMap((cell) => (cell.n === 1 && cell.ids ? [cell.ids[0]!] : []));
  const single = await singles(db, lone);
  return cells.map((cell): PlacePoint => {
    const position = { latitude: cell.latSum / cell.n, longitude: cell.lonSum / cell.n };
    const entry = cell.n === 1 ? cell.ids?.[0] : undefined;
    const shown = entry && single(entry);
    if (entry && shown) {
      return { ...position, count: 1, id: entry.id, type: entry.kind, ...shown };
    }
    const ids = clusterIds(cell);
    return { ...position, count: cell.n, ...(ids ? { ids } : {}) };
  });
}
