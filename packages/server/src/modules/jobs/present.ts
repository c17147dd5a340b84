import type { FailedJob as FailedJobBody } from '@kinfolio/contract';
import type { FailedJob } from '../../jobs/index.js';

export const presentFailedJob = (job: FailedJob): FailedJobBody => ({
  id: job.id,
  job_id: job.jobId,
  queue: job.queue,
  name: job.name,
  payload: job.payload,
  error: job.error.split('\n')[0] ?? '',
  stack: job.error,
  attempts: job.attempts,
  failed_at: job.failedAt,
});
