import { z } from 'zod';
import { CONTENT_LANGUAGES, LIMITS } from '../constants.js';
import { idField, integerField, paginated, withoutNul } from './common.js';
import { ITEM_LIMITS, ITEM_TYPES } from './item-constants.js';

/**
 * Places: where an item or a record happened. A place is a name, a position, or both; its country
 * is derived on the server from the position, offline. Places already used are kept as named
 * places (`GET /api/places`) and reused when an entry names the same place again.
 */
export const PLACE_LIMITS = {
  nameMaxLength: 200,
  searchMaxLength: 200,
  /** Map zoom levels, as Leaflet and the tile servers count them. */
  zoomMin: 0,
  zoomMax: 22,
  /** A cluster lists its items' ids when it holds at most this many. */
  clusterIdsMax: 20,
} as const;

/** Message keys the server localises for a malformed map query. */
export const PLACE_KEYS = {
  bbox: 'places.bbox_invalid',
  coordinates: 'places.coordinates_incomplete',
  empty: 'places.empty',
} as const;

/** The default map tiles: OpenStreetMap's public servers, loaded by the browser. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const latitudeField = z.number().min(-90).max(90);
const longitudeField = z.number().min(-180).max(180);
const nameText = z.string().trim().max(PLACE_LIMITS.nameMaxLength).refine(withoutNul);

/** A country: its ISO 3166-1 alpha-2 code and its name in the request's language. */
export const placeCountrySchema = z.object({ code: z.string(), name: z.string() });
export type PlaceCountry = z.infer<typeof placeCountrySchema>;

/**
 * A place as a client sends it (on create, update and in a bulk "set place"): a name, a position
 * (latitude and longitude together), or both. `country` may be sent back as it was read; it is
 * ignored, the server derives it from the position. `null` instead of a place clears it.
 */
export const placeInput = z
  .object({
    name: nameText.default(''),
    latitude: latitudeField.nullable().default(null),
    longitude: longitudeField.nullable().default(null),
    country: z.unknown().optional(),
  })
  .refine((place) => (place.latitude === null) === (place.longitude === null), {
    message: PLACE_KEYS.coordinates,
    path: ['latitude'],
  })
  .refine((place) => place.name !== '' || place.latitude !== null, {
    message: PLACE_KEYS.empty,
    path: ['name'],
  })
  .transform(({ name, latitude, longitude }) => ({ name, latitude, longitude }));
export type PlaceInput = z.infer<typeof placeInput>;

/** The `place` field of a create or update body: absent unchanged (empty on create), null clears. */
export const placeField = placeInput.nullable().optional();

/** A place as an entry keeps it in a revision: what a PATCH takes back (no derived country). */
export const placeValueSchema = z.object({
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type PlaceValue = z.infer<typeof placeValueSchema>;

/** A place as read on an item or a record: the country derived from the position, else null. */
export const placeSchema = placeValueSchema.extend({ country: placeCountrySchema.nullable() });
export type Place = z.infer<typeof placeSchema>;

/* Map points ----------------------------------------------------------------------------------- */

/** What the map can show: every item type, and audio records. */
export const PLACE_POINT_TYPES = [...ITEM_TYPES, 'record'] as const;
export type PlacePointType = (typeof PLACE_POINT_TYPES)[number];

/** `W,S,E,N` in degrees; W > E crosses the antimeridian. */
export interface PlaceBbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

const NUMBER = /^-?\d{1,3}(?:\.\d{1,12})?$/;

/** Reads `W,S,E,N`; null when it is not four numbers in range with south ≤ north. */
export function parseBbox(text: string): PlaceBbox | null {
  const parts = text.split(',');
  if (parts.length !== 4 || !parts.every((part) => NUMBER.test(part.trim()))) return null;
  const [west, south, east, north] = parts.map((part) => Number(part.trim())) as [
    number,
    number,
    number,
    number,
  ];
  const lonOk = (v: number) => v >= -180 && v <= 180;
  const latOk = (v: number) => v >= -90 && v <= 90;
  if (!lonOk(west) || !lonOk(east) || !latOk(south) || !latOk(north) || south > north) return null;
  return { west, south, east, north };
}

/**
 * `GET /api/places/points`: the entries placed in the box, as clusters at this zoom, with the list
 * filters. A box wider than the world may be sent clamped: W -180, E 180.
 */
export const placePointsQuery = z.object({
  bbox: z
    .string()
    .max(200)
    .transform((text, ctx) => {
      const box = parseBbox(text);
      if (!box) {
        ctx.addIssue({ code: 'custom', message: PLACE_KEYS.bbox });
        return z.NEVER;
      }
      return box;
    }),
  zoom: integerField(PLACE_LIMITS.zoomMin, PLACE_LIMITS.zoomMax),
  /** An item type, or `record` for audio records. */
  type: z.enum(PLACE_POINT_TYPES).optional(),
  /** The category and all its descendants (records have none: they are left out). */
  category: idField.optional(),
  /** Items the participant sent or received; records where that person is heard. */
  participant: idField.optional(),
  /** Items with that tag (records have none: they are left out). */
  tag: idField.optional(),
  /** Items in that language; records in that `lang`. */
  language: z.enum(CONTENT_LANGUAGES).optional(),
  /** Dated on or after this day (UTC); a record by its recording date. */
  date_from: z.iso.date().optional(),
  /** Dated on or before this day (UTC). */
  date_to: z.iso.date().optional(),
});
export type PlacePointsQuery = z.infer<typeof placePointsQuery>;

/**
 * One map point: a cluster (`count` > 1, at the mean position of its entries) or a single entry
 * (`count` 1, with its `id`, `type`, `title`, `date` and `thumbnail_url`). A cluster counts every
 * entry of its grid cell (cells a quarter of a 256-pixel tile at that zoom), so its position may
 * lie a little past the box. At close zooms (17 and more) or with a link or date filter, a
 * cluster of at most `PLACE_LIMITS.clusterIdsMax` items lists their `ids` (entries at the very
 * same spot never split; a cluster holding a record lists none).
 */
export const placePointSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  count: z.number().int(),
  ids: z.array(z.number().int()).optional(),
  id: z.number().int().optional(),
  type: z.enum(PLACE_POINT_TYPES).optional(),
  title: z.string().optional(),
  date: z.string().nullable().optional(),
  thumbnail_url: z.string().nullable().optional(),
});
export type PlacePoint = z.infer<typeof placePointSchema>;
export const placePointsSchema = z.object({ data: z.array(placePointSchema) });
export type PlacePoints = z.infer<typeof placePointsSchema>;

/* Named places ------------------------------------------------------------------------------- */

/**
 * `GET /api/places`: named places some live item or record is at, by name, with `query` the ones
 * whose name contains those letters (accents and case ignored) — an autocomplete.
 */
export const placeListQuery = z.object({
  query: z.string().trim().max(PLACE_LIMITS.searchMaxLength).refine(withoutNul).default(''),
  page: integerField(1, ITEM_LIMITS.maxPage).default(1),
  per_page: integerField(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type PlaceListQuery = z.infer<typeof placeListQuery>;

/** A named place with how many live items and records use it. */
export const namedPlaceSchema = placeSchema.extend({
  id: z.number().int(),
  count: z.number().int(),
});
export type NamedPlace = z.infer<typeof namedPlaceSchema>;
export const namedPlacePageSchema = paginated(namedPlaceSchema);
