import { z } from 'zod';
import { saved } from '../responses.js';
import { CONTENT_LANGUAGES, LIMITS } from '../constants.js';
import { idField, integerField, paginated, VALIDATION_KEYS, withoutNul } from './common.js';
import { attachedFileSchema } from './files.js';
import { ITEM_LIMITS } from './item-constants.js';
import { RECORD_LIMITS } from './record-constants.js';
import { recordSegmentHitSchema } from './record-segments.js';
import { SEARCH_SORTS, itemDateField, namedRef } from './items.js';
import { placeField, placeSchema, placeValueSchema } from './places.js';

export { RECORD_LIMITS, TIME_CODE_PATTERN } from './record-constants.js';

/**
 * Audio records: a cassette side, a phone memo, an interview, with
 * its transcript. `rawtranscription` is plain text in which `[hh:mm:ss]` marks time codes.
 */
const noNul = { message: VALIDATION_KEYS.invalidCharacter };
const text = (max: number) => z.string().trim().max(max).refine(withoutNul, noNul);
const languageField = z.enum(CONTENT_LANGUAGES);
const peopleField = z.array(idField).max(RECORD_LIMITS.peopleMax);
/** The date it was recorded: a calendar date or ISO date-time; null when unknown. */
const registrationDate = itemDateField.nullable();

const recordFields = {
  number: text(RECORD_LIMITS.numberMaxLength),
  face: text(RECORD_LIMITS.faceMaxLength),
  lang: languageField,
  owner: text(RECORD_LIMITS.ownerMaxLength),
  registration_date: registrationDate,
  summary: text(RECORD_LIMITS.textMaxLength),
  rawtranscription: z.string().max(RECORD_LIMITS.transcriptionMaxLength).refine(withoutNul, noNul),
  title: text(RECORD_LIMITS.titleMaxLength),
  info: text(RECORD_LIMITS.textMaxLength),
  location: text(RECORD_LIMITS.locationMaxLength),
  people: peopleField,
};

/** POST /api/records: only `lang` is required; texts default to empty, the date to unknown. */
export const recordCreateBody = z.object({
  number: recordFields.number.default(''),
  face: recordFields.face.default(''),
  lang: recordFields.lang,
  owner: recordFields.owner.default(''),
  registration_date: recordFields.registration_date.default(null),
  summary: recordFields.summary.default(''),
  rawtranscription: recordFields.rawtranscription.default(''),
  title: recordFields.title.default(''),
  info: recordFields.info.default(''),
  location: recordFields.location.default(''),
  people: recordFields.people.default([]),
  /** Where it was recorded, with coordinates; `location` stays free text beside it. */
  place: placeField,
});
export type RecordCreateBody = z.infer<typeof recordCreateBody>;

/**
 * PATCH /api/records/{id}: absent fields are unchanged, `people` replaces the whole list.
 * Restoring an old version is a PATCH with that revision's `data` (a new revision in turn).
 */
export const recordUpdateBody = z.object({
  number: recordFields.number.optional(),
  face: recordFields.face.optional(),
  lang: recordFields.lang.optional(),
  owner: recordFields.owner.optional(),
  registration_date: recordFields.registration_date.optional(),
  summary: recordFields.summary.optional(),
  rawtranscription: recordFields.rawtranscription.optional(),
  title: recordFields.title.optional(),
  info: recordFields.info.optional(),
  location: recordFields.location.optional(),
  people: recordFields.people.optional(),
  /** A place replaces the record's; null clears it. */
  place: placeField,
});
export type RecordUpdateBody = z.infer<typeof recordUpdateBody>;

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/**
 * GET /api/records. `query` (3 characters or more, trimmed; shorter is ignored) searches title,
 * summary, info and rawtranscription, best match first, each row with a `snippet`; otherwise
 * ordered as `sort` says. `participant` keeps records where that person is heard, `lang` those
 * in that language, `owner` those kept by that owner (exact, case ignored); `trash=1` lists the
 * trash instead.
 */
export const recordListQuery = z.object({
  page: integerField(1, ITEM_LIMITS.maxPage).default(1),
  per_page: integerField(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  query: z
    .string()
    .max(ITEM_LIMITS.searchMaxLength)
    .refine(withoutNul, noNul)
    .default('')
    .describe(
      'Words to find in title, summary, info and transcription (accents and case ignored; the ' +
        'last one also as the start of a word). Under 3 characters it is ignored.',
    ),
  participant: idField.optional(),
  lang: languageField.optional(),
  owner: z.string().trim().max(RECORD_LIMITS.ownerMaxLength).refine(withoutNul, noNul).optional(),
  trash: flag,
  /** Records recorded on or after this day (UTC). */
  date_from: z.iso.date().optional(),
  /** Records recorded on or before this day (UTC). */
  date_to: z.iso.date().optional(),
  /**
   * By recording date, newest or oldest first, or by title; `relevance` (best match first) for a
   * search. Unless told: newest first, a search best match first.
   */
  sort: z.enum(SEARCH_SORTS).optional(),
});
export type RecordListQuery = z.infer<typeof recordListQuery>;

export const recordRevisionQuery = z.object({
  page: integerField(1, ITEM_LIMITS.maxPage).default(1),
  per_page: integerField(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});

/** PATCH /api/records-files/{id}: the record's audio parts in their new order (all of them). */
export const recordFilesOrderBody = z.object({
  files: z.array(idField).min(1).max(RECORD_LIMITS.filesMax),
});

/* Responses ----------------------------------------------------------------------------------- */

/** An audio part of a record; `position` is its place in the record, from 0. */
export const recordFileSchema = attachedFileSchema.extend({ position: z.number().int() });
export type RecordFile = z.infer<typeof recordFileSchema>;

const recordCommon = {
  id: z.number().int(),
  number: z.string(),
  face: z.string(),
  lang: z.string(),
  owner: z.string(),
  registration_date: z.string().nullable(),
  summary: z.string(),
  title: z.string(),
  info: z.string(),
  location: z.string(),
  people: z.array(namedRef),
  /** Where it was recorded, or null. */
  place: placeSchema.nullable(),
  revisions_count: z.number().int(),
  files_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
};

/** GET /api/records/{id} and write answers: the whole record with its audio parts in order. */
export const recordSchema = z.object({
  ...recordCommon,
  rawtranscription: z.string(),
  files: z.array(recordFileSchema),
});
export type RecordEntity = z.infer<typeof recordSchema>;

/** A list row: no transcript; a 150-character preview of the summary (else the transcript). */
export const recordListRowSchema = z.object({
  ...recordCommon,
  preview: z.string(),
  /**
   * Searches only: about 75 characters each side of the first match, HTML-escaped, matches in
   * `<mark></mark>`; safe to render as HTML.
   */
  snippet: z.string().optional(),
  /** Searches only: the best-matching segment when the words are in one (where to play from). */
  segment: recordSegmentHitSchema.optional(),
});
export type RecordListRow = z.infer<typeof recordListRowSchema>;
export const recordPageSchema = paginated(recordListRowSchema);

/** What a revision keeps: exactly what a PATCH takes, so restoring is a PATCH with `data`. */
export const recordRevisionDataSchema = z.object({
  number: z.string(),
  face: z.string(),
  lang: z.string(),
  owner: z.string(),
  registration_date: z.string().nullable(),
  summary: z.string(),
  rawtranscription: z.string(),
  title: z.string(),
  info: z.string(),
  location: z.string(),
  people: z.array(z.number().int()),
  /** Absent from revisions stored before records had places. */
  place: placeValueSchema.nullable().default(null),
});
export type RecordRevisionData = z.infer<typeof recordRevisionDataSchema>;

/** GET /api/records/revision/{id} rows, newest first: the version as it was before a change. */
export const recordRevisionSchema = z.object({
  id: z.number().int(),
  record_id: z.number().int(),
  user: z.object({ id: z.number().int().nullable(), name: z.string() }),
  created_at: z.string(),
  data: recordRevisionDataSchema,
  /** The people with their current names (people since deleted are left out). */
  names: z.object({ people: z.array(namedRef) }),
});
export type RecordRevision = z.infer<typeof recordRevisionSchema>;
export const recordRevisionPageSchema = paginated(recordRevisionSchema);

export const recordSavedSchema = saved('record', recordSchema);
export type RecordSaved = z.infer<typeof recordSavedSchema>;
/** PATCH: `revision` tells whether the previous version was stored (false when nothing changed). */
export const recordUpdatedSchema = recordSavedSchema.extend({ revision: z.boolean() });
export type RecordUpdated = z.infer<typeof recordUpdatedSchema>;
export const recordFilesOrderedSchema = z.object({
  message: z.string(),
  files: z.array(recordFileSchema),
});

export * from './record-mp3.js';
