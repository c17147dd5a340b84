import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { integerField, paginated } from './common.js';
import { ITEM_LIMITS } from './item-constants.js';

/** A background job that failed every attempt (the failed_jobs table), for the admin. */
export const failedJobSchema = z.object({
  id: z.number().int(),
  /** The id the job had while queued (its status was asked by it). */
  job_id: z.string(),
  queue: z.string(),
  /** The job's declared name, e.g. `records.mp3`. */
  name: z.string(),
  payload: z.unknown().describe('What the job was given, as queued (JSON)'),
  /** The last error's first line. */
  error: z.string(),
  /** The last error in full, with its stack. */
  stack: z.string(),
  attempts: z.number().int(),
  failed_at: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobPageSchema = paginated(failedJobSchema);

export const failedJobsQuery = z.object({
  page: integerField(1, ITEM_LIMITS.maxPage).default(1),
  per_page: integerField(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});

export const failedJobRetried = z.object({
  message: z.string(),
  /** The new job's id. */
  job_id: z.string(),
});

export const failedJobsCounted = z.object({
  message: z.string(),
  count: z.number().int(),
});
