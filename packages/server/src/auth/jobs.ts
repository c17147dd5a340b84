import type { AppContext } from '../context.js';
import { pruneAuthRows } from './prune.js';

/** Expired sessions, reset tokens and login counters go hourly (and at start), not per request. */
export function declareAuthJobs(ctx: AppContext): void {
  ctx.jobs.define<null>('auth.prune', () => pruneAuthRows(ctx.db, ctx.now()));
  ctx.jobs.every('auth.prune', 3_600_000, null, { atStart: true });
}
