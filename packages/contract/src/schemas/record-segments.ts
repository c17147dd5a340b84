import { z } from 'zod';
import { idField, VALIDATION_KEYS, withoutNul } from './common.js';
import { namedRef } from './items.js';

/**
 * Segments of a record: an OHMS-style index of its audio. Times are seconds over the record's
 * audio parts joined in order (what its MP3 plays); `end` null means "to the end of the
 * recording" (a segment made from the last time code of a transcript, whose length is unknown).
 * Segments of a record never overlap.
 */
export const RECORD_SEGMENT_LIMITS = {
  /** A week of sound: far beyond any tape, small enough to stay exact in a double. */
  maxSeconds: 7 * 24 * 3600,
  titleMaxLength: 500,
  synopsisMaxLength: 20_000,
  transcriptMaxLength: 1_000_000,
  keywordMaxLength: 100,
  keywordsMax: 50,
  participantsMax: 200,
  /** Segments one record may hold. */
  segmentsMax: 2_000,
} as const;

/** Where a segment came from: the silences, a person, or a `[hh:mm:ss]` of the transcript. */
export const RECORD_SEGMENT_ORIGINS = ['detected', 'manual', 'time_code'] as const;
export type RecordSegmentOrigin = (typeof RECORD_SEGMENT_ORIGINS)[number];

const noNul = { message: VALIDATION_KEYS.invalidCharacter };
const text = (max: number) => z.string().trim().max(max).refine(withoutNul, noNul);
const seconds = z.number().min(0).max(RECORD_SEGMENT_LIMITS.maxSeconds);
/** `hh:mm:ss`, `mm:ss` (with or without the transcript's brackets), or seconds as a number. */
const TIME_CODE = /^\[?(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d(?:\.\d{1,3})?)\]?$/;
const moment = z.union(
  [
    seconds,
    z
      .string()
      .trim()
      .regex(TIME_CODE, { message: 'record_segments.time_code' })
      .transform((value) => {
        const [, h = '0', m = '0', s = '0'] = TIME_CODE.exec(value) ?? [];
        return Number(h) * 3600 + Number(m) * 60 + Number(s);
      })
      .pipe(seconds),
  ],
  { error: 'record_segments.time_code' },
);
const keywords = z
  .array(text(RECORD_SEGMENT_LIMITS.keywordMaxLength).pipe(z.string().min(1)))
  .max(RECORD_SEGMENT_LIMITS.keywordsMax);
const participants = z.array(idField).max(RECORD_SEGMENT_LIMITS.participantsMax);

/**
 * POST /api/records/{id}/segments. A `start` inside an existing segment splits it there: the new
 * segment takes the rest of it (`end` is then ignored). Elsewhere `end` defaults to the next
 * segment's start (or to the end of the recording). `start` may be a time code (`00:12:04`).
 */
export const recordSegmentCreateBody = z.object({
  start: moment,
  end: moment.nullable().optional(),
  title: text(RECORD_SEGMENT_LIMITS.titleMaxLength).default(''),
  synopsis: text(RECORD_SEGMENT_LIMITS.synopsisMaxLength).default(''),
  keywords: keywords.default([]),
  transcript: z
    .string()
    .max(RECORD_SEGMENT_LIMITS.transcriptMaxLength)
    .refine(withoutNul, noNul)
    .default(''),
  participants: participants.default([]),
});
export type RecordSegmentCreateBody = z.infer<typeof recordSegmentCreateBody>;

/**
 * PATCH /api/record-segments/{id}: absent fields are unchanged; `keywords` and `participants`
 * replace the lists. `merge_with` names a neighbouring segment (none between them) that is
 * folded into this one: this one then spans both, its title stays (or takes the other's when
 * empty), synopses and transcripts are joined in time order, keywords and participants united,
 * and the other is deleted. Moving `start` or `end` onto another segment is refused.
 */
export const recordSegmentUpdateBody = z.object({
  start: moment.optional(),
  end: moment.nullable().optional(),
  title: text(RECORD_SEGMENT_LIMITS.titleMaxLength).optional(),
  synopsis: text(RECORD_SEGMENT_LIMITS.synopsisMaxLength).optional(),
  keywords: keywords.optional(),
  transcript: z
    .string()
    .max(RECORD_SEGMENT_LIMITS.transcriptMaxLength)
    .refine(withoutNul, noNul)
    .optional(),
  participants: participants.optional(),
  merge_with: idField.optional(),
});
export type RecordSegmentUpdateBody = z.infer<typeof recordSegmentUpdateBody>;

/**
 * POST /api/records/{id}/segments/detect: how silences are found and segments sized, each
 * optional. By default a silence is 1 s under -35 dB; segments shorter than
 * `min_length` (20 s, less for a recording under 400 s: a twentieth of it) are merged into a
 * neighbour, longer than `max_length` (600 s) split at their deepest silence, else evenly.
 */
export const recordSegmentDetectBody = z
  .object({
    noise_db: z.number().min(-90).max(-5).optional(),
    min_silence: z.number().min(0.1).max(30).optional(),
    min_length: z.number().min(0).max(3600).optional(),
    max_length: z
      .number()
      .min(10)
      .max(24 * 3600)
      .optional(),
  })
  .refine(
    (b) =>
      b.min_length === undefined || b.max_length === undefined || b.min_length * 2 <= b.max_length,
    {
      message: 'record_segments.lengths',
      path: ['max_length'],
    },
  )
  .default({});
export type RecordSegmentDetectBody = z.infer<typeof recordSegmentDetectBody>;

/* Responses ----------------------------------------------------------------------------------- */

export const recordSegmentSchema = z.object({
  id: z.number().int(),
  record_id: z.number().int(),
  start: z.number(),
  end: z.number().nullable(),
  /** `start` as the transcript writes it: `hh:mm:ss`. */
  time_code: z.string(),
  title: z.string(),
  synopsis: z.string(),
  keywords: z.array(z.string()),
  transcript: z.string(),
  participants: z.array(namedRef),
  origin: z.enum(RECORD_SEGMENT_ORIGINS),
  /** A person changed it: detecting segments again keeps it. */
  edited: z.boolean(),
  updated_at: z.string(),
});
export type RecordSegment = z.infer<typeof recordSegmentSchema>;

/** A segment as the record's revisions keep it (its people by id, like the record's). */
export const recordSegmentRevisionSchema = z.object({
  start: z.number(),
  end: z.number().nullable(),
  title: z.string(),
  synopsis: z.string(),
  keywords: z.array(z.string()),
  transcript: z.string(),
  participants: z.array(z.number().int()),
});
export type RecordSegmentRevision = z.infer<typeof recordSegmentRevisionSchema>;

/** GET /api/records/{id}/segments: every segment of the record, in time order. */
export const recordSegmentListSchema = z.object({ data: z.array(recordSegmentSchema) });
export type RecordSegmentList = z.infer<typeof recordSegmentListSchema>;

/** A write's answer: the segment written and the record's segments as they now are. */
export const recordSegmentSavedSchema = z.object({
  message: z.string(),
  segment: recordSegmentSchema,
  data: z.array(recordSegmentSchema),
});
export type RecordSegmentSaved = z.infer<typeof recordSegmentSavedSchema>;

/** DELETE: the record's segments as they now are. */
export const recordSegmentDeletedSchema = z.object({
  message: z.string(),
  data: z.array(recordSegmentSchema),
});

/** POST …/segments/from-time-codes: how many segments the transcript's time codes made. */
export const recordSegmentsFromTimeCodesSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  data: z.array(recordSegmentSchema),
});

/** Where a record's segment detection stands (`done` once the last job finished). */
export const RECORD_SEGMENT_DETECTION_STATES = [
  'none',
  'queued',
  'running',
  'done',
  'failed',
] as const;
export const recordSegmentDetectionSchema = z.object({
  status: z.enum(RECORD_SEGMENT_DETECTION_STATES),
  /** 0..100. */
  progress: z.number().int().min(0).max(100),
  job_id: z.string().nullable(),
});
export type RecordSegmentDetection = z.infer<typeof recordSegmentDetectionSchema>;
export const recordSegmentDetectQueuedSchema = recordSegmentDetectionSchema.extend({
  message: z.string(),
});

/** A search hit inside a segment: where the player should start. */
export const recordSegmentHitSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  start: z.number(),
  time_code: z.string(),
});
export type RecordSegmentHit = z.infer<typeof recordSegmentHitSchema>;

/** Seconds as a time code: `hh:mm:ss` (whole seconds, rounded down). */
export function timeCodeOf(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds + 1e-6));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}
