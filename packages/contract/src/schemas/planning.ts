import { z } from 'zod';
import { CONTENT_LANGUAGES, LIMITS } from '../constants.js';
import { idField, integerField, paginated, VALIDATION_KEYS } from './common.js';
import { ITEM_LIMITS, ITEM_TYPES } from './item-constants.js';

/**
 * The planning (the archive on a time axis): every dated item of every type and every
 * record (by its registration date), as counts per time bucket, the rows of one day, and the same
 * month-day in other years. Aggregated on the server so the screens never load all rows.
 */
export const PLANNING_UNITS = ['decade', 'year', 'month', 'day'] as const;
export type PlanningUnit = (typeof PLANNING_UNITS)[number];

/** What the planning shows: each item type, and the records. */
export const PLANNING_KINDS = [...ITEM_TYPES, 'record'] as const;
export type PlanningKind = (typeof PLANNING_KINDS)[number];

export const PLANNING_LIMITS = {
  /** The widest `from`..`to` span per unit, in that unit (days ≤ 400, months ≤ 1200…). */
  maxSpan: { decade: 1000, year: 1000, month: 1200, day: 400 } satisfies Record<
    PlanningUnit,
    number
  >,
  /** On this day: the most recent years answered, and rows shown per year. */
  onThisDayYears: 100,
  onThisDayPerYear: 20,
} as const;

const dayField = z.iso.date();

/** The filters every planning route takes; `tag` and `category` leave the records out. */
const planningFilters = {
  type: z.enum(PLANNING_KINDS).optional(),
  participant: idField.optional(),
  tag: idField.optional(),
  /** The category and all its descendants. */
  category: idField.optional(),
  lang: z.enum(CONTENT_LANGUAGES).optional(),
};
export type PlanningFilters = {
  type?: PlanningKind | undefined;
  participant?: number | undefined;
  tag?: number | undefined;
  category?: number | undefined;
  lang?: (typeof CONTENT_LANGUAGES)[number] | undefined;
};

/** How many `unit`s from the start of `from`'s to the start of `to`'s, both counted. */
export function planningSpan(unit: PlanningUnit, from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  switch (unit) {
    case 'decade':
      return Math.floor(ty / 10) - Math.floor(fy / 10) + 1;
    case 'year':
      return ty - fy + 1;
    case 'month':
      return (ty - fy) * 12 + (tm - fm) + 1;
    case 'day':
      return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000) + 1;
  }
}

/**
 * GET /api/planning/buckets: `from` and `to` are included; a span wider than
 * `PLANNING_LIMITS.maxSpan[unit]` (or `to` before `from`) is a 422.
 */
export const planningBucketsQuery = z
  .object({ unit: z.enum(PLANNING_UNITS), from: dayField, to: dayField, ...planningFilters })
  .superRefine((query, ctx) => {
    if (query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: VALIDATION_KEYS.planningRange });
    } else if (
      planningSpan(query.unit, query.from, query.to) > PLANNING_LIMITS.maxSpan[query.unit]
    ) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: VALIDATION_KEYS.planningRange });
    }
  });
export type PlanningBucketsQuery = z.infer<typeof planningBucketsQuery>;

const countsByKind = z.object(
  Object.fromEntries(PLANNING_KINDS.map((kind) => [kind, z.number().int()])) as Record<
    PlanningKind,
    z.ZodNumber
  >,
);

/** A bucket with something in it (empty ones are left out), oldest first. */
export const planningBucketSchema = z.object({
  /** The bucket's first day: `1950-01-01` for the 1950s, `1954-06-01` for June 1954. */
  start: z.string(),
  count: z.number().int(),
  /** Every kind, 0 when none. */
  by_type: countsByKind,
});
export type PlanningBucket = z.infer<typeof planningBucketSchema>;
export const planningBucketsSchema = z.object({
  unit: z.enum(PLANNING_UNITS),
  buckets: z.array(planningBucketSchema),
});
export type PlanningBuckets = z.infer<typeof planningBucketsSchema>;

/** One dated item or record, as the planning lists it. */
export const planningEntrySchema = z.object({
  type: z.enum(PLANNING_KINDS),
  id: z.number().int(),
  title: z.string(),
  /** ISO date-time (UTC). */
  date: z.string(),
  language: z.string(),
  preview: z.string(),
});
export type PlanningEntry = z.infer<typeof planningEntrySchema>;

/** GET /api/planning/day: that day's items and records, by time then kind then id. */
export const planningDayQuery = z.object({
  date: dayField,
  ...planningFilters,
  page: integerField(1, ITEM_LIMITS.maxPage).default(1),
  per_page: integerField(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type PlanningDayQuery = z.infer<typeof planningDayQuery>;
export const planningDayPageSchema = paginated(planningEntrySchema);

const monthField = z.string().regex(/^(0[1-9]|1[0-2])$/);
const dayOfMonthField = z.string().regex(/^(0[1-9]|[12][0-9]|3[01])$/);

/** GET /api/planning/on-this-day: `month` and `day` as two digits (`06`, `12`). */
export const planningOnThisDayQuery = z.object({
  month: monthField,
  day: dayOfMonthField,
  ...planningFilters,
});
export type PlanningOnThisDayQuery = z.infer<typeof planningOnThisDayQuery>;

/**
 * Newest year first, at most `PLANNING_LIMITS.onThisDayYears` years; each with its full `count`
 * and its first `PLANNING_LIMITS.onThisDayPerYear` rows.
 */
export const planningOnThisDaySchema = z.object({
  month: z.string(),
  day: z.string(),
  years: z.array(
    z.object({
      year: z.number().int(),
      count: z.number().int(),
      entries: z.array(planningEntrySchema),
    }),
  ),
});
export type PlanningOnThisDay = z.infer<typeof planningOnThisDaySchema>;
