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

/**
 * Runs `work` with a new folder under the system's temporary folder (`kinfolio-<label>-…`), and
 * removes the folder and everything in it afterwards, whether the work succeeded or not.
 */
export async function withTempDir<T>(
  label: string,
  work: (dir: TempDir) => Promise<T>,
): Promise<T> {
  const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), `kinfolio-${label}-`));
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
    await fs.promises.rm(root, { recursive: true, force: true });
  }
}
