import type { AppContext } from '../../context.js';
import { declareRecordMp3Job } from './mp3-job.js';
import { declareRecordSegmentsJob } from './segments/index.js';

/** The records module's background jobs, declared by app.ts before any route or worker starts. */
export function declareRecordJobs(ctx: AppContext): void {
  declareRecordMp3Job(ctx);
  declareRecordSegmentsJob(ctx);
}
