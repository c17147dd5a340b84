import {
  SEXES,
  type LifeDate,
  type LifeEvent,
  type ParticipantLife,
  type ParticipantLifeInput,
  type PlaceValue,
  type Portrait,
  type Sex,
} from '@kinfolio/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ParticipantsTable } from '../../db/schema.js';
import { fieldError } from '../../http/errors.js';
import { answerLanguage } from '../../i18n/answer-language.js';
import { thumbnailUrl } from '../files/index.js';
import { presentCountry } from '../places/index.js';
import { dateSort, dateText, placeOf, placeParts, readDate } from './dates.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** The columns of a participant's life (migration 0042). */
export const LIFE_COLUMNS = [
  'given_names',
  'surname',
  'sex',
  'birth_date',
  'birth_sort',
  'birth_place_name',
  'birth_place_lat',
  'birth_place_lon',
  'birth_place_country',
  'death_date',
  'death_sort',
  'death_place_name',
  'death_place_lat',
  'death_place_lon',
  'death_place_country',
  'biography',
  'portrait_face_id',
  'portrait_file_id',
] as const;
export type LifeColumn = (typeof LIFE_COLUMNS)[number];
export type LifeRow = Pick<Selectable<ParticipantsTable>, LifeColumn>;
type LifeColumns = { [K in LifeColumn]: LifeRow[K] };

export const EVENTS = ['birth', 'death'] as const;
type EventName = (typeof EVENTS)[number];

/** A life as a revision keeps it and as `PATCH /api/participants/{id}` takes it back. */
export interface LifeValue {
  given_names: string | null;
  surname: string | null;
  sex: Sex | null;
  birth: { date: LifeDate | null; place: PlaceValue | null } | null;
  death: { date: LifeDate | null; place: PlaceValue | null } | null;
  biography: string | null;
  portrait: { face_id: number } | { file_id: number } | null;
}

export const EMPTY_LIFE: ParticipantLife = {
  given_names: null,
  surname: null,
  sex: null,
  birth: null,
  death: null,
  biography: null,
  portrait: null,
};

const asSex = (value: string | null): Sex | null =>
  value !== null && (SEXES as readonly string[]).includes(value) ? (value as Sex) : null;

function eventValue(row: LifeRow, event: EventName): LifeValue['birth'] {
  const date = readDate(row[`${event}_date`]);
  const place = placeOf(
    row[`${event}_place_name`],
    row[`${event}_place_lat`],
    row[`${event}_place_lon`],
  );
  return date || place ? { date, place } : null;
}

export function lifeValue(row: LifeRow): LifeValue {
  return {
    given_names: row.given_names,
    surname: row.surname,
    sex: asSex(row.sex),
    birth: eventValue(row, 'birth'),
    death: eventValue(row, 'death'),
    biography: row.biography,
    portrait:
      row.portrait_face_id !== null
        ? { face_id: row.portrait_face_id }
        : row.portrait_file_id !== null
          ? { file_id: row.portrait_file_id }
          : null,
  };
}

/** Whether a life has anything in it (a merge fills the kept participant's empty fields). */
export function isEmptyLife(row: LifeRow): boolean {
  return LIFE_COLUMNS.every((column) => row[column] === null);
}

function presentEvent(row: LifeRow, event: EventName): LifeEvent | null {
  const value = eventValue(row, event);
  if (!value) return null;
  return {
    date: value.date,
    place: value.place && {
      ...value.place,
      country: presentCountry(row[`${event}_place_country`], answerLanguage()),
    },
  };
}

interface FaceBox {
  id: number;
  file_id: number;
  box_x: number;
  box_y: number;
  box_width: number;
  box_height: number;
}
/** The faces table as far as portraits read it (its module keeps the full type to itself). */
type WithFaces = Database & { faces: FaceBox };

/**
 * The portraits of these lives, in one query for the faces (a picture's portrait needs none): a
 * face gives its picture and box, a picture itself.
 */
async function portraitsOf(db: Executor, rows: LifeRow[]): Promise<Map<number, FaceBox>> {
  const faceIds = [
    ...new Set(rows.map((row) => row.portrait_face_id).filter((id): id is number => id !== null)),
  ];
  const faces = new Map<number, FaceBox>();
  for (let start = 0; start < faceIds.length; start += 500) {
    const found = await (db as unknown as Kysely<WithFaces>)
      .selectFrom('faces')
      .select(['id', 'file_id', 'box_x', 'box_y', 'box_width', 'box_height'])
      .where('id', 'in', faceIds.slice(start, start + 500))
      .execute();
    for (const face of found) faces.set(face.id, face);
  }
  return faces;
}

function presentPortrait(row: LifeRow, faces: Map<number, FaceBox>): Portrait | null {
  const face = row.portrait_face_id === null ? undefined : faces.get(row.portrait_face_id);
  if (face) {
    return {
      file_id: face.file_id,
      face_id: face.id,
      box: { x: face.box_x, y: face.box_y, width: face.box_width, height: face.box_height },
      thumbnail_url: thumbnailUrl(face.file_id),
    };
  }
  if (row.portrait_file_id === null) return null;
  return {
    file_id: row.portrait_file_id,
    face_id: null,
    box: null,
    thumbnail_url: thumbnailUrl(row.portrait_file_id),
  };
}

/** Lives as read, by participant id: countries named in the answer's language. */
export async function presentLives<R extends LifeRow & { id: number }>(
  db: Executor,
  rows: R[],
): Promise<Map<number, ParticipantLife>> {
  const faces = await portraitsOf(db, rows);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        given_names: row.given_names,
        surname: row.surname,
        sex: asSex(row.sex),
        birth: presentEvent(row, 'birth'),
        death: presentEvent(row, 'death'),
        biography: row.biography,
        portrait: presentPortrait(row, faces),
      },
    ]),
  );
}

/** A life's rows by participant id (one query per 500). */
export async function lifeRows(db: Executor, ids: number[]): Promise<Map<number, LifeRow>> {
  const map = new Map<number, LifeRow>();
  const wanted = [...new Set(ids)];
  for (let start = 0; start < wanted.length; start += 500) {
    const rows = await db
      .selectFrom('participants')
      .select(['id', ...LIFE_COLUMNS])
      .where('id', 'in', wanted.slice(start, start + 500))
      .execute();
    for (const row of rows) map.set(row.id, row);
  }
  return map;
}

/** The columns of an event: absent fields unchanged, null clears the whole event. */
function eventColumns(
  event: EventName,
  input: NonNullable<ParticipantLifeInput['birth']> | null,
  current: LifeValue['birth'],
): Partial<LifeColumns> {
  const date =
    input === null ? null : input.date === undefined ? (current?.date ?? null) : input.date;
  const place =
    input === null ? null : input.place === undefined ? (current?.place ?? null) : input.place;
  const parts = placeParts(place);
  return {
    [`${event}_date`]: dateText(date),
    [`${event}_sort`]: dateSort(date),
    [`${event}_place_name`]: parts.name,
    [`${event}_place_lat`]: parts.lat,
    [`${event}_place_lon`]: parts.lon,
    [`${event}_place_country`]: parts.country,
  };
}

/**
 * The columns a life's change writes (absent fields left out). A portrait by face must be a face
 * named as this participant; by file, a live picture of an item. Otherwise a localised 422.
 */
export async function lifeColumns(
  db: Executor,
  id: number,
  current: LifeRow,
  input: ParticipantLifeInput,
): Promise<Partial<LifeColumns>> {
  const changes: Partial<LifeColumns> = {};
  const value = lifeValue(current);
  if (input.given_names !== undefined) changes.given_names = emptyToNull(input.given_names);
  if (input.surname !== undefined) changes.surname = emptyToNull(input.surname);
  if (input.sex !== undefined) changes.sex = input.sex;
  if (input.biography !== undefined) changes.biography = emptyToNull(input.biography);
  for (const event of EVENTS) {
    const given = input[event];
    if (given !== undefined) Object.assign(changes, eventColumns(event, given, value[event]));
  }
  if (input.portrait !== undefined) {
    const portrait = input.portrait;
    if (portrait === null) {
      changes.portrait_face_id = null;
      changes.portrait_file_id = null;
    } else if ('face_id' in portrait) {
      const face = await (
        db as unknown as Kysely<WithFaces & { faces: { participant_id: number | null } }>
      )
        .selectFrom('faces')
        .select('id')
        .where('id', '=', portrait.face_id)
        .where('participant_id', '=', id)
        .executeTakeFirst();
      if (!face) throw fieldError('portrait', 'family.portrait_invalid');
      changes.portrait_face_id = face.id;
      changes.portrait_file_id = null;
    } else {
      const file = await db
        .selectFrom('files')
        .select('id')
        .where('id', '=', portrait.file_id)
        .where('mime', 'like', 'image/%')
        .where('deleted_at', 'is', null)
        .where('item_id', 'is not', null)
        .executeTakeFirst();
      if (!file) throw fieldError('portrait', 'family.portrait_invalid');
      changes.portrait_face_id = null;
      changes.portrait_file_id = file.id;
    }
  }
  // Only what differs: an unchanged PATCH writes nothing and keeps no revision.
  return Object.fromEntries(
    Object.entries(changes).filter(([column, next]) => current[column as LifeColumn] !== next),
  ) as Partial<LifeColumns>;
}

function emptyToNull(text: string | null): string | null {
  return text === null || text.trim() === '' ? null : text;
}
