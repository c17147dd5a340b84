import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';
import { postgresStampReader, sqliteStampReader, type StampReader } from './stamps.js';

// COUNT(*) and BIGINT come back from pg as strings; our counts and ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type Dialect = Config['database']['dialect'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  readStamps: StampReader;
  destroy(): Promise<void>;
}

export function connectDatabase(database: Config['database']): DatabaseHandle {
  if (database.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle pooled connection closed by the server (restart, DROP DATABASE ... FORCE) emits
    // 'error' on the pool; unhandled, that would crash the process. pg-pool already discards the
    // broken client and the next query opens a fresh one, so there is nothing more to do.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      readStamps: postgresStampReader(pool),
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    readStamps: sqliteStampReader(stampConnection),
    destroy: async () => {
      await db.destroy();
      if (stampConnection !== sqlite) stampConnection.close();
    },
  };
}
