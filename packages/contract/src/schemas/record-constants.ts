/**
 * The record constants, apart from the schemas (records.ts re-exports them): the web app's route
 * table checks the records list's address with them, and importing them from here keeps zod and
 * the schemas out of its first screen's bundle (a module goes whole into one chunk).
 */
export const RECORD_LIMITS = {
  numberMaxLength: 100,
  faceMaxLength: 50,
  ownerMaxLength: 200,
  titleMaxLength: 500,
  locationMaxLength: 500,
  /** Summary and info. */
  textMaxLength: 20_000,
  transcriptionMaxLength: 1_000_000,
  peopleMax: 200,
  /** Audio parts one record may hold. */
  filesMax: 100,
} as const;

/** A `[hh:mm:ss]` (or `[mm:ss]`) time code in a transcript. */
export const TIME_CODE_PATTERN = /\[(?:(\d{1,2}):)?([0-5]?\d):([0-5]\d)\]/g;
