import {
  CONTENT_LANGUAGES,
  PLACE_POINT_TYPES,
  type ContentLanguage,
  type PlacePointType,
} from '@kinfolio/contract';
import { calendarDay } from '@/shared/kit/calendarDay';
import type { FilterValues } from '@/shared/kit/ListFilterBar';
import type { PointsQuery } from '@/shared/places/api';
import type { Viewport } from '@/shared/places/map/viewport';
import { bboxParam } from '@/shared/places/map/viewport';

/**
 * `/map`'s address: the lists' filters under the lists' names (so "show these on the map" passes
 * a list's address on as it is), the entry type, and where the map looks.
 */
export interface MapSearch extends Omit<FilterValues, 'search' | 'sort'> {
  type?: PlacePointType;
  lat?: number;
  lng?: number;
  zoom?: number;
}

const positiveInt = (value: unknown) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 && number < 2 ** 31 ? number : undefined;
};
const within = (value: unknown, limit: number) => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && Math.abs(number) <= limit
    ? Math.round(number * 1e5) / 1e5
    : undefined;
};

/** `validateSearch` of `/map`: unknown or malformed values are dropped. */
export function validateMapSearch(raw: Record<string, unknown>): MapSearch {
  const result: MapSearch = {};
  if (PLACE_POINT_TYPES.includes(raw.type as PlacePointType))
    result.type = raw.type as PlacePointType;
  for (const name of ['category', 'participant', 'tag'] as const) {
    const id = positiveInt(raw[name]);
    if (id !== undefined) result[name] = id;
  }
  if (CONTENT_LANGUAGES.includes(raw.language as ContentLanguage))
    result.language = raw.language as ContentLanguage;
  const from = calendarDay(raw.from);
  const to = calendarDay(raw.to);
  if (from) result.from = from;
  if (to) result.to = to;
  const lat = within(raw.lat, 85);
  const lng = within(raw.lng, 180);
  const zoom = positiveInt(raw.zoom);
  if (lat !== undefined && lng !== undefined) {
    result.lat = lat;
    result.lng = lng;
    result.zoom = Math.min(zoom ?? 12, 18);
  }
  return result;
}

/** The points query of a view with the address's filters. */
export function pointsQuery(search: MapSearch, viewport: Viewport): PointsQuery {
  return {
    bbox: bboxParam(viewport),
    zoom: viewport.zoom,
    ...(search.type ? { type: search.type } : {}),
    ...(search.category ? { category: search.category } : {}),
    ...(search.participant ? { participant: search.participant } : {}),
    ...(search.tag ? { tag: search.tag } : {}),
    ...(search.language ? { language: search.language } : {}),
    ...(search.from ? { date_from: search.from } : {}),
    ...(search.to ? { date_to: search.to } : {}),
  };
}

/** How many filters narrow the map (the phone's filter button counts them). */
export const activeFilters = (search: MapSearch) =>
  (['type', 'category', 'participant', 'tag', 'language', 'from', 'to'] as const).filter(
    (name) => search[name] !== undefined,
  ).length;
