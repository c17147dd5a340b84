import type Sqlite from 'better-sqlite3';
import { sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.js';

/** The change stamps (migration 0007): a counter per kind of data, bumped by every write. */
export interface Stamps {
  archive: number;
  auth: number;
}
export type StampName = keyof Stamps;

/** Reads the stamps: on every request, so it bypasses the query builder. */
export type StampReader = () => Promise<Stamps>;

const READ = 'select name, version from change_stamps';

function toStamps(rows: { name: string; version: number | string }[]): Stamps {
  const stamps: Stamps = { archive: 0, auth: 0 };
  for (const row of rows) {
    if (row.name === 'archive' || row.name === 'auth') stamps[row.name] = Number(row.version);
  }
  return stamps;
}

export function sqliteStampReader(database: Sqlite.Database): StampReader {
  let statement: Sqlite.Statement | undefined;
  return () => {
    // Prepared on first use: the table exists only once the migrations have run.
    statement ??= database.prepare(READ);
    return Promise.resolve(toStamps(statement.all() as { name: string; version: number }[]));
  };
}

export function postgresStampReader(pool: pg.Pool): StampReader {
  return async () => {
    const { rows } = await pool.query<{ name: string; version: string }>({
      name: 'kinfolio_read_stamps',
      text: READ,
    });
    return toStamps(rows);
  };
}

/**
 * Runs an archive write transaction that takes the archive stamp's row lock first. On PostgreSQL
 * the stamp triggers lock that row at the transaction's first write; a transaction that locks
 * rows before it writes (SELECT … FOR UPDATE) must take the stamp before them, or two writers
 * could each hold what the other waits for. Writes are serialised by it, which an archive's
 * write rate allows. On SQLite, where transactions are serial anyway, it costs one small write.
 */
export function stampedTransaction<T>(
  db: Kysely<Database>,
  stamp: StampName,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`update change_stamps set version = version + 1 where name = ${stamp}`.execute(trx);
    return work(trx);
  });
}
