import type {
  ContentLanguage,
  PlaceValue,
  RecordEntity,
  recordCreateBody,
  recordUpdateBody,
} from '@kinfolio/contract';
import type { z } from 'zod';
import { placeValueOf, samePlace } from '@/shared/places/placeValue';

export type RecordCreateInput = z.input<typeof recordCreateBody>;
export type RecordUpdateInput = z.input<typeof recordUpdateBody>;

/** The record form's values: texts as typed, the date as `YYYY-MM-DD` or empty, people as ids. */
export interface RecordFormValues extends Record<string, unknown> {
  title: string;
  number: string;
  face: string;
  lang: ContentLanguage;
  owner: string;
  registration_date: string;
  location: string;
  people: string[];
  /** Where it was recorded, with coordinates; `location` stays free text beside it. */
  place: PlaceValue | null;
  summary: string;
  info: string;
  rawtranscription: string;
}

/** The form's fields, in the order the server's errors are placed and the focus moves. */
export const RECORD_FORM_FIELDS = [
  'title',
  'number',
  'face',
  'lang',
  'owner',
  'registration_date',
  'location',
  'people',
  'place',
  'summary',
  'info',
  'rawtranscription',
] as const satisfies readonly (keyof RecordFormValues)[];

const TEXT_FIELDS = [
  'title',
  'number',
  'face',
  'owner',
  'location',
  'summary',
  'info',
  'rawtranscription',
] as const;

export function initialRecordValues(
  record: RecordEntity | null,
  language: ContentLanguage,
): RecordFormValues {
  return {
    title: record?.title ?? '',
    number: record?.number ?? '',
    face: record?.face ?? '',
    lang: language,
    owner: record?.owner ?? '',
    // Dates are calendar dates at UTC midnight: the day is the ISO string's first ten characters.
    registration_date: record?.registration_date?.slice(0, 10) ?? '',
    location: record?.location ?? '',
    people: record?.people.map((person) => String(person.id)) ?? [],
    place: placeValueOf(record?.place),
    summary: record?.summary ?? '',
    info: record?.info ?? '',
    rawtranscription: record?.rawtranscription ?? '',
  };
}

const date = (value: string) => (value ? value : null);
const ids = (values: readonly string[]) => values.map(Number);

export function createRecordBody(values: RecordFormValues): RecordCreateInput {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field]])),
    lang: values.lang,
    registration_date: date(values.registration_date),
    people: ids(values.people),
    ...(values.place ? { place: values.place } : {}),
  };
}

/** Only what changed: an untouched form sends nothing (and makes no revision). */
export function updateRecordBody(
  values: RecordFormValues,
  initial: RecordFormValues,
): RecordUpdateInput {
  const body: RecordUpdateInput = {};
  for (const field of TEXT_FIELDS) {
    if (values[field] !== initial[field]) body[field] = values[field];
  }
  if (values.lang !== initial.lang) body.lang = values.lang;
  if (values.registration_date !== initial.registration_date) {
    body.registration_date = date(values.registration_date);
  }
  const samePeople =
    values.people.length === initial.people.length &&
    [...values.people].sort().join(',') === [...initial.people].sort().join(',');
  if (!samePeople) body.people = ids(values.people);
  if (!samePlace(values.place, initial.place)) body.place = values.place;
  return body;
}
