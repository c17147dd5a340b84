import type { AppContext } from '../../context.js';
import { EXPORT_JOB, runExport, type ExportPayload } from './service.js';

/**
 * The export job, declared by app.ts for every process (web server and `kinfolio worker`),
 * routes or not. One attempt: a failed export says why; the admin starts another.
 */
export function declareExportJobs(ctx: AppContext): void {
  ctx.jobs.define<ExportPayload>(
    EXPORT_JOB,
    (payload, run) => runExport(ctx, payload, (percent) => run.progress(percent)),
    { attempts: 1, queue: 'default', leaseMs: 120_000 },
  );
}
