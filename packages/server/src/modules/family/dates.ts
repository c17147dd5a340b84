import {
  lifeDateSchema,
  partialDateKey,
  placeInput,
  type LifeDate,
  type PlaceInput,
  type PlaceValue,
} from '@kinfolio/contract';
import type { z } from 'zod';
import { FieldValidationError } from '../../http/errors.js';
import { isMessageKey, type MessageKey } from '../../i18n/translate.js';
import { countryAt } from '../places/index.js';

/**
 * Dates and places as the family's tables keep them: a date as the contract's LifeDate JSON beside
 * a sortable key of its start; a place inline (name, position, derived country) since a birth
 * place is rarely shared with the items' places and never counted on the map.
 */

/** JSON of a date for a `*_date` column. */
export function dateText(date: LifeDate | null): string | null {
  return date ? JSON.stringify(date) : null;
}

/** The start's key (YYYYMMDD, unknown parts 0); null for a phrase or no date. */
export function dateSort(date: LifeDate | null): number | null {
  return date?.start ? partialDateKey(date.start) : null;
}

/** A stored date; one a hand edit broke reads as no date rather than failing the whole page. */
export function readDate(text: string | null): LifeDate | null {
  if (text === null) return null;
  try {
    const parsed = lifeDateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface PlaceParts {
  name: string | null;
  lat: number | null;
  lon: number | null;
  country: string | null;
}

export const NO_PLACE_PARTS: PlaceParts = { name: null, lat: null, lon: null, country: null };

/** A place's columns, its country derived from the position (modules/places). */
export function placeParts(place: PlaceInput | PlaceValue | null): PlaceParts {
  if (!place) return NO_PLACE_PARTS;
  const { name, latitude, longitude } = place;
  if (name === '' && (latitude === null || longitude === null)) return NO_PLACE_PARTS;
  const positioned = latitude !== null && longitude !== null;
  return {
    name,
    lat: positioned ? latitude : null,
    lon: positioned ? longitude : null,
    country: positioned ? countryAt(latitude, longitude) : null,
  };
}

/** The place kept in columns, null when there is none. */
export function placeOf(name: string | null, lat: number | null, lon: number | null) {
  if (name === null && lat === null) return null;
  return { name: name ?? '', latitude: lat, longitude: lon } satisfies PlaceValue;
}

/**
 * Checks a date or place handed to the service API (the GEDCOM import calls it without the HTTP
 * layer's validation): the same rules, the same localised 422.
 */
export function checkedDate(field: string, value: unknown): LifeDate | null {
  if (value === null || value === undefined) return null;
  const parsed = lifeDateSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw refusal(field, parsed.error.issues);
}

export function checkedPlace(field: string, value: unknown): PlaceInput | null {
  if (value === null || value === undefined) return null;
  const parsed = placeInput.safeParse(value);
  if (parsed.success) return parsed.data;
  throw refusal(field, parsed.error.issues);
}

/** A value the service API was handed, checked by its contract schema (same 422 as a route). */
export function checkedBy<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw refusal('', parsed.error.issues);
}

function refusal(field: string, issues: { message: string; path: PropertyKey[] }[]) {
  const fields: Record<string, MessageKey[]> = {};
  for (const issue of issues) {
    const key: MessageKey = isMessageKey(issue.message) ? issue.message : 'validation.failed';
    const path = [...(field ? [field] : []), ...issue.path.map(String)].join('.') || '_';
    (fields[path] ??= []).push(key);
  }
  const first = Object.values(fields)[0]?.[0] ?? 'validation.failed';
  return new FieldValidationError(fields, first);
}
