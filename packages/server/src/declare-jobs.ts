import { declareAuthJobs } from './auth/index.js';
import type { AppContext } from './context.js';
import { declareBackupJobs } from './modules/backups/index.js';
import { declareExportJobs } from './modules/exports/index.js';
import { declareFaceJobs } from './modules/faces/index.js';
import { declareOcrJobs } from './modules/ocr/index.js';
import { declareFileJobs } from './modules/files/index.js';
import { declareImportJobs } from './modules/imports/index.js';
import { declareRecordJobs } from './modules/records/index.js';
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
  declareRecordJobs(ctx);
  declareExportJobs(ctx);
  declareBackupJobs(ctx);
  declareImportJobs(ctx);
  declareFaceJobs(ctx);
  declareOcrJobs(ctx);
}
