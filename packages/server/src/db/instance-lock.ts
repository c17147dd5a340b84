import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ConfigError, type Config } from '../config.js';

/**
 * The lock file beside an SQLite database, held by the one `serve` or `worker` process using it.
 * An SQLite database of its own, in exclusive locking mode: after its first write the connection
 * keeps its lock until it closes, and the operating system drops it when the process ends, however
 * it ends (kill -9 included). A second process's write then fails at once with SQLITE_BUSY.
 */
export const instanceLockFile = (databaseFile: string) => `${databaseFile}.instance-lock`;

/**
 * On SQLite, makes this process the only server or worker of the database for its whole life, or
 * throws a ConfigError saying who holds it. Nothing to do on PostgreSQL, where instances share
 * the database, nor for the CLI's one-shot commands, which do not call this.
 */
export function holdInstanceLock(database: Config['database']): void {
  if (database.dialect !== 'sqlite' || database.file === ':memory:') return;
  const file = instanceLockFile(database.file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // No busy timeout: the holder never lets go while it runs.
  const lock = new SQLite(file, { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('create table if not exists holder (pid integer not null, since text not null)');
    lock.transaction(() => {
      lock.exec('delete from holder');
      lock
        .prepare('insert into holder (pid, since) values (?, ?)')
        .run(process.pid, new Date().toISOString());
    })();
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new ConfigError(
        `another Kinfolio server or worker is using ${database.file}; on SQLite run one process ` +
          '(jobs run inside it), or use PostgreSQL for several',
      );
    }
    throw error;
  }
  // Kept open, never closed: held until the process ends.
  heldLocks.push(lock);
}

/** Referenced, so that the connection (and its lock) is not collected while the process runs. */
const heldLocks: SQLite.Database[] = [];
