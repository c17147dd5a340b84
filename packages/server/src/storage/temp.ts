import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A private folder of this process for work that needs real files: ffmpeg's inputs and output,
 * a backup's table dumps before they are packed, an export's scratch rows. Never where archive
 * bytes are kept (those go through a FileStorage): it is gone when the work ends.
 */
export interface TempDir {
  /** The absolute path of `name` in the folder (for tools that take paths, as ffmpeg does). */
  path(name: string): string;
  /** Writes `source` into a new file `name`; its path. */
  write(name: string, source: Readable): Promise<string>;
  /** A stream writing a new file `name`. */
  writer(name: string): Writable;
  /** The bytes of `name`. */
  read(name: string): Readable;
  /** The size of `name`, in bytes. */
  size(name: string): Promise<number>;
  /** Removes `name` (already gone is no error). */
  remove(name: string): Promise<void>;
}

const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Our temporary folders' names start so (nothing else of ours does: tests' folders neither). */
const TEMP_PREFIX = 'kinfolio-tmp-';

/** How often a folder in use is touched: its modification time says its process is alive. */
export const TEMP_HEARTBEAT_MS = 10_000;

/** The folders of this process's work in progress: never removed as abandoned. */
const inUse = new Set<string>();

/**
 * Removes the temporary folders `kinfolio-tmp-<label>-…` that no work of this process holds and that
 * nobody touched since `idleBefore` (a process killed mid-work leaves its folder behind, with
 * copies of archive bytes in it: a record's audio, a backup's rows); how many it removed. A live
 * process touches its folders every TEMP_HEARTBEAT_MS, so `idleBefore` must be well before that.
 */
export async function removeAbandonedTempDirs(labels: string[], idleBefore: Date): Promise<number> {
  const base = os.tmpdir();
  let removed = 0;
  for (const name of await fs.promises.readdir(base)) {
    const folder = path.join(base, name);
    if (!labels.some((label) => name.startsWith(`${TEMP_PREFIX}${label}-`)) || inUse.has(folder)) {
      continue;
    }
    const stats = await fs.promises.lstat(folder).catch(() => undefined);
    if (!stats?.isDirectory() || stats.mtime >= idleBefore) continue;
    await fs.promises.rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Runs `work` with a new folder under the system's temporary folder (`kinfolio-tmp-<label>-…`), and
 * removes the folder and everything in it afterwards, whether the work succeeded or not.
 */
export async function withTempDir<T>(
  label: string,
  work: (dir: TempDir) => Promise<T>,
): Promise<T> {
  const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), `${TEMP_PREFIX}${label}-`));
  inUse.add(root);
  const heartbeat = setInterval(() => {
    const now = new Date();
    fs.promises.utimes(root, now, now).catch(() => undefined);
  }, TEMP_HEARTBEAT_MS);
  heartbeat.unref();
  const pathOf = (name: string) => {
    if (!PLAIN_NAME.test(name)) throw new Error(`invalid temporary file name ${name}`);
    return path.join(root, name);
  };
  const dir: TempDir = {
    path: pathOf,
    async write(name, source) {
      const file = pathOf(name);
      await pipeline(source, fs.createWriteStream(file, { flags: 'wx' }));
      return file;
    },
    writer: (name) => fs.createWriteStream(pathOf(name), { flags: 'wx' }),
    read: (name) => fs.createReadStream(pathOf(name)),
    size: async (name) => (await fs.promises.stat(pathOf(name))).size,
    remove: (name) => fs.promises.rm(pathOf(name), { force: true }),
  };
  try {
    return await work(dir);
  } finally {
    clearInterval(heartbeat);
    await fs.promises.rm(root, { recursive: true, force: true });
    inUse.delete(root);
  }
}
