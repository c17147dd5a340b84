/**
 * What run.ts and its server process (server.ts) share. Apart from server.ts, which runs the
 * server when imported: importing it from run.ts started a second bench server in run.ts itself.
 */
import type { ColdSample } from './sample.js';

export const BENCH_USER = { email: 'bench@example.com', password: 'bench-password-1' };

export interface ReadyMessage {
  type: 'ready';
  appUrl: string;
  /** The same app on the same database without its response cache. */
  uncachedUrl: string;
  bareUrl: string;
  seedMs: number;
  items: number;
  translations: number;
  singleId: number;
  databaseBytes: number | null;
  /** Items with a place. */
  placed?: number;
  /** Whether the database was kept from an earlier run (not generated now). */
  reused: boolean;
  /** The database, as DATABASE_URL names it to a server process. */
  databaseUrl: string;
  sample: ColdSample;
}
