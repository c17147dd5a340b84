import { ConfigError, type Config } from '../config.js';
import { tryLockFile, type FileLock } from './file-lock.js';

/** The lock file beside an SQLite database, held by the one `serve` or `worker` process using it. */
export const instanceLockFile = (databaseFile: string) => `${databaseFile}.instance-lock`;

/** Referenced for the process's life: the lock goes when the process ends (db/file-lock.ts). */
const held: FileLock[] = [];

/**
 * On SQLite, makes this process the only server or worker of the database for its whole life, or
 * throws a ConfigError saying another holds it. Nothing to do on PostgreSQL, where instances share
 * the database, nor for the CLI's one-shot commands (migrate, backup, …), which do not call this.
 */
export function holdInstanceLock(database: Config['database']): void {
  if (database.dialect !== 'sqlite' || database.file === ':memory:') return;
  const lock = tryLockFile(instanceLockFile(database.file));
  if (!lock) {
    throw new ConfigError(
      `another Kinfolio server or worker is using ${database.file}; on SQLite run one process ` +
        '(jobs run inside it), or use PostgreSQL for several',
    );
  }
  held.push(lock);
}
