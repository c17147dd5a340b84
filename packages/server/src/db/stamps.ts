import { randomUUID } from 'node:crypto';
import type Sqlite from 'better-sqlite3';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.js';

/**
 * The change stamps (migrations 0007, 0008): per kind of data, an epoch and a counter bumped by
 * every committed write. A stamp is compared whole (`epoch.version`): the counter alone could come
 * back to a number already used (a restored database, a hand edit), the pair cannot, since the
 * epoch changes whenever the counter is set back.
 */
export interface Stamps {
  archive: string;
  auth: string;
}
export type StampName = keyof Stamps;

/** The stamps in the order write transactions lock them, so two writers never wait on each other. */
export const STAMP_ORDER: readonly StampName[] = ['archive', 'auth'];

/**
 * Reads the committed stamps: on every request, so it bypasses the query builder. It must never
 * see a write that is still in progress (it could roll back, and its number be used again by a
 * later write: an answer computed before that write would then be served after it).
 */
export type StampReader = () => Promise<Stamps>;

const READ = 'select name, epoch, version from change_stamps';

interface StampRow {
  name: string;
  epoch: string;
  version: number | string;
}

function toStamps(rows: StampRow[]): Stamps {
  // A missing row (a table being restored by hand) matches nothing kept: every read is fresh.
  const stamps: Stamps = { archive: `missing-${randomUUID()}`, auth: `missing-${randomUUID()}` };
  for (const row of rows) {
    if (row.name === 'archive' || row.name === 'auth') {
      stamps[row.name] = `${row.epoch}.${Number(row.version)}`;
    }
  }
  return stamps;
}

/**
 * On SQLite the reader has a read-only connection of its own: in WAL mode it sees only
 * committed transactions, whatever the writing connection is in the middle of.
 */
export function sqliteStampReader(reader: Sqlite.Database): StampReader {
  let statement: Sqlite.Statement | undefined;
  return () => {
    // Prepared on first use: the table exists only once the migrations have run.
    statement ??= reader.prepare(READ);
    return Promise.resolve(toStamps(statement.all() as StampRow[]));
  };
}

/** On PostgreSQL every pooled statement outside a transaction reads committed data. */
export function postgresStampReader(pool: pg.Pool): StampReader {
  return async () => {
    const { rows } = await pool.query<StampRow>({ name: 'kinfolio_read_stamps_v2', text: READ });
    return toStamps(rows);
  };
}

/**
 * Runs a write transaction that takes its stamps' locks first, in STAMP_ORDER. On PostgreSQL the
 * stamp triggers lock a stamp's row at a statement's start; a transaction that locks rows before
 * it writes (SELECT … FOR UPDATE) must hold the stamp before them, or two writers could each hold
 * what the other waits for. Writes are serialised by it, which an archive's write rate allows.
 * Taking the lock does not bump the stamp: only rows actually written do, so a refused write
 * (a 404 on an unknown id) leaves every kept answer valid. The isolation is pinned to READ
 * COMMITTED, whatever the server's default: under REPEATABLE READ, writers serialised by the
 * stamp lock would fail with serialisation errors instead of waiting.
 * On SQLite a no-op write takes the database's write lock at once (a deferred transaction that
 * reads first could not upgrade while another process writes).
 */
export function stampedTransaction<T>(
  db: Kysely<Database>,
  stamps: StampName | readonly StampName[],
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const wanted = typeof stamps === 'string' ? [stamps] : stamps;
  const names = STAMP_ORDER.filter((name) => wanted.includes(name));
  return db
    .transaction()
    .setIsolationLevel('read committed')
    .execute(async (trx) => {
      await lockStamps(trx, names);
      return work(trx);
    });
}

async function lockStamps(trx: Transaction<Database>, names: StampName[]): Promise<void> {
  if (names.length === 0) return;
  const list = sql.join(names.map((name) => sql.lit(name)));
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select name from change_stamps where name in (${list}) order by name for update`.execute(
      trx,
    );
    return;
  }
  await sql`update change_stamps set version = version where name in (${list})`.execute(trx);
}
