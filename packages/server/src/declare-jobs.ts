import { declareAuthJobs } from './auth/index.js';
import type { AppContext } from './context.js';
import { declareFileJobs } from './modules/files/index.js';
import { declareRetentionJobs } from './modules/retention/index.js';

/**
 * Every module's background jobs and schedules, declared once per process by createContext
 * (context.ts), before any worker starts and whether or not routes are registered: the web
 * server and `kinfolio worker` know the same jobs. A module that owns background work exports a
 * `declare…Jobs(ctx)` from its index.ts and is listed here; none declares a job while its routes
 * register. Mail (`mail.send`) is declared by the mailer itself (mail/mailer.ts), part of the
 * context.
 */
export function declareJobs(ctx: AppContext): void {
  declareAuthJobs(ctx);
  declareFileJobs(ctx);
  declareRetentionJobs(ctx);
  // MERGE (issue 31): the records, exports and backups modules export their declarations from
  // their index.ts on another branch; wire them here, and remove the definitions still made while
  // their routes register (records/routes.ts defineRecordMp3Job, exports/routes.ts,
  // backups/service.ts):
  //   declareRecordJobs(ctx);
  //   declareExportJobs(ctx);
  //   declareBackupJobs(ctx);
}
