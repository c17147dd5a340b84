import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from './connect.js';
import { warmUpPostgres } from './warm-up-postgres.js';
import { warmUpSqlite } from './warm-up-sqlite.js';

export interface WarmUpLimits {
  /** Bytes read at most. */
  budgetBytes: number;
  /** Time spent at most. */
  timeMs: number;
  /** Stops the warm-up early (the server is closing). */
  signal?: AbortSignal;
}

export interface WarmUpReport {
  /** Bytes read, in all and per object (table or index), in the order read. */
  bytes: number;
  objects: { name: string; bytes: number }[];
  /** False when the budget or the time ran out before the last object. */
  complete: boolean;
  method?: string;
}

/**
 * At most a gigabyte or a quarter of the memory, whichever is less (what the OS's cache can keep
 * beside everything else on a small home server), in two minutes at most.
 */
export function defaultWarmUpLimits(): WarmUpLimits {
  return { budgetBytes: Math.min(2 ** 30, Math.floor(os.totalmem() / 4)), timeMs: 120_000 };
}

/**
 * After a restart with the OS's file cache empty (a home server's reboot), the first searches
 * read their index from disk: at a million items on SQLite p95 of 0.4 to 2.7 s, against 50 ms
 * once warm. So a server reads its search indexes and hot tables at start, in the background
 * (SQLite: in a worker thread; PostgreSQL: on one connection), within `limits`; `/readyz` does
 * not wait for it. Besides, PostgreSQL's connections are opened and warmed (connect.ts).
 */
export async function warmUpArchive(
  handle: DatabaseHandle,
  database: Config['database'],
  limits: WarmUpLimits = defaultWarmUpLimits(),
): Promise<WarmUpReport> {
  if (database.dialect === 'sqlite') {
    if (database.file === ':memory:') return { bytes: 0, objects: [], complete: true };
    return warmUpSqlite(database.file, limits);
  }
  // Connections first: a search on a cold backend is slow even with the pages in memory.
  await handle.warmUp();
  return handle.db.connection().execute((db) => warmUpPostgres(db, limits));
}

/**
 * The warm-up of `serve`, started once it listens and stopped when it stops listening (so that
 * closing the database never waits for it); logs what it read, never throws.
 */
export function warmUpInBackground(
  app: FastifyInstance,
  handle: DatabaseHandle,
  database: Config['database'],
): void {
  const started = Date.now();
  const stop = new AbortController();
  app.server.once('close', () => stop.abort());
  warmUpArchive(handle, database, { ...defaultWarmUpLimits(), signal: stop.signal }).then(
    (report) =>
      app.log.info(
        {
          ms: Date.now() - started,
          megabytes: Math.round(report.bytes / 1e5) / 10,
          objects: report.objects.length,
          complete: report.complete,
          ...(report.method ? { method: report.method } : {}),
        },
        'database warm-up done',
      ),
    (err: unknown) => {
      if (!stop.signal.aborted) app.log.warn({ err }, 'database warm-up');
    },
  );
}
