import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** A lock held by this process until `release`, or until the process ends however it ends. */
export interface FileLock {
  release(): void;
}

/**
 * Takes the lock file `file` (created if needed), or answers undefined at once when another
 * process (or connection) holds it. The file is an SQLite database of its own in exclusive locking
 * mode: after its first write the connection keeps its lock until it closes, and the operating
 * system drops the lock when the process ends, kill -9 included; a second writer fails with
 * SQLITE_BUSY. Nothing in the file matters beyond the holder's pid, kept for whoever looks.
 */
export function tryLockFile(file: string): FileLock | undefined {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // No busy timeout: a held lock is reported at once, not waited for with the thread blocked.
  const lock = new SQLite(file, { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    // What the file holds does not matter: no journal file left beside it.
    lock.pragma('journal_mode = MEMORY');
    lock.exec('create table if not exists holder (pid integer not null, since text not null)');
    lock.transaction(() => {
      lock.exec('delete from holder');
      lock
        .prepare('insert into holder (pid, since) values (?, ?)')
        .run(process.pid, new Date().toISOString());
    })();
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return undefined;
    throw error;
  }
  return { release: () => lock.close() };
}

/** Waits (without blocking the event loop) until `file`'s lock is free, and takes it. */
export async function lockFile(file: string, pollMs = 100): Promise<FileLock> {
  for (;;) {
    const lock = tryLockFile(file);
    if (lock) return lock;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
