import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';
import { cachedStatements } from './statement-cache.js';
import { postgresStampReader, sqliteStampReader, type StampReader } from './stamps.js';

// COUNT(*) and BIGINT come back from pg as strings; our counts and ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type Dialect = Config['database']['dialect'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  readStamps: StampReader;
  /**
   * Opens every connection a server may use, each warmed (PostgreSQL's warmBackend); nothing to
   * do for SQLite.
   */
  warmUp(): Promise<void>;
  destroy(): Promise<void>;
}

/** PostgreSQL connections of one process. */
const POOL_MAX = 10;

/**
 * How many table pages a PostgreSQL bitmap scan asks the kernel to read ahead. A search's matches
 * (up to a few thousand rows of a million items, each on its own page) are read from the table
 * one page at a time; with the default of 1 each page not in memory was a wait of its own (100 to
 * 600 µs per page on this machine's disk), with 128 they arrive together (16 to 50 µs): 2.5 to 4
 * times faster per page read from disk, the same once the pages are in memory. The server's
 * default suits spinning disks; an archive's server has an SSD. A platform without
 * `posix_fadvise` refuses any value but 0: the server's default stays then.
 */
const IO_CONCURRENCY = 128;

/**
 * A new PostgreSQL backend pays for its first touch of each shared buffer (the page-table entries
 * of the shared memory: about 20 µs per 8 KB buffer on a small virtual machine, where a bitmap
 * scan of 2,600 rows already in shared buffers took 58 ms on a new connection and 8 ms on one that
 * had read them before). So a server's connections are opened at once and kept, and each reads the
 * newest part of `items` through shared buffers (as much as they hold, at most 128 MB: 0.4 s at
 * 100,000 items), touching them all and caching what searches and lists read most. A TID range
 * scan: a sequential one would go through a small ring of buffers. `relpages` is the table's size
 * at its last VACUUM or ANALYZE.
 */
async function warmBackend(client: pg.PoolClient) {
  try {
    await client.query('begin');
    await client.query('set local max_parallel_workers_per_gather = 0');
    await client.query(`
      select count(*) from items where ctid >= (
        select format('(%s,0)', greatest(0, c.relpages - least(16384, s.setting::int)))::tid
        from pg_class c, pg_settings s
        where c.oid = 'items'::regclass and s.name = 'shared_buffers'
      )
    `);
    // A backend's first plan of a search reads the statistics of search_vector and its indexes'
    // catalog rows: 57 to 98 ms at a million items, then 1 ms.
    await client.query(
      `explain select 1 from item_search where search_vector @@ to_tsquery('simple', 'a:*') and type = 'post'`,
    );
  } finally {
    await client.query('rollback');
  }
}

export function connectDatabase(database: Config['database']): DatabaseHandle {
  if (database.dialect === 'postgres') {
    // No idle timeout: a connection opened again would be a cold backend (see warmBackend).
    const pool = new pg.Pool({
      connectionString: database.url,
      max: POOL_MAX,
      idleTimeoutMillis: 0,
      allowExitOnIdle: true,
    });
    // An idle pooled connection closed by the server (restart, DROP DATABASE ... FORCE) emits
    // 'error' on the pool; unhandled, that would crash the process. pg-pool already discards the
    // broken client and the next query opens a fresh one, so there is nothing more to do.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool,
        // Before the connection's first query through Kysely (the stamps' reads and the warm-up
        // do not scan by bitmap). Not queued from the pool's 'connect' event: pg then held two
        // queries for a new connection, which it will refuse from version 9 (a warning now).
        onCreateConnection: (connection) =>
          connection
            .executeQuery(CompiledQuery.raw(`set effective_io_concurrency = ${IO_CONCURRENCY}`))
            .then(
              () => undefined,
              () => undefined,
            ),
      }),
    });
    return {
      db,
      dialect: 'postgres',
      readStamps: postgresStampReader(pool),
      async warmUp() {
        // All held at once, so that each is a connection of its own; each serves as soon as warm.
        const clients = await Promise.all(Array.from({ length: POOL_MAX }, () => pool.connect()));
        await Promise.all(
          clients.map((client) => warmBackend(client).finally(() => client.release())),
        );
      },
      destroy: () => db.destroy(),
    };
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // The stamps are read on a connection of their own, which sees committed data only (an
  // in-memory database has one connection: nothing else can write to it while a request reads).
  const stampConnection =
    database.file === ':memory:' ? sqlite : new SQLite(database.file, { readonly: true });
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachedStatements(sqlite) }),
  });
  return {
    db,
    dialect: 'sqlite',
    readStamps: sqliteStampReader(stampConnection),
    warmUp: async () => undefined,
    destroy: async () => {
      await db.destroy();
      if (stampConnection !== sqlite) stampConnection.close();
    },
  };
}
