import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  isSafeKey,
  MissingBytesError,
  type ByteRange,
  type FileStorage,
  type StoredObject,
} from './storage.js';

const PARTIAL = '.part';

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** The files under `dir` (recursively), as paths relative to it with `/` separators. */
async function* walk(dir: string, prefix = ''): AsyncGenerator<{ file: string; rel: string }> {
  let entries: fs.Dir;
  try {
    entries = await fs.promises.opendir(dir);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for await (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file, rel);
    else if (entry.isFile()) yield { file, rel };
  }
}

/** Files on the local disk under `root`, written to a `.part` file and renamed when complete. */
export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => path.join(root, checkKey(key));
  /** Partial files this process is writing: never removed as abandoned, whatever their age. */
  const writing = new Set<string>();

  async function statOf(file: string, key: string): Promise<StoredObject | undefined> {
    try {
      const stats = await fs.promises.stat(file);
      return stats.isFile() ? { key, size: stats.size, modifiedAt: stats.mtime } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  return {
    async put(key, source) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomUUID()}${PARTIAL}`;
      writing.add(partial);
      try {
        await pipeline(source, fs.createWriteStream(partial, { flags: 'wx' }));
        await fs.promises.rename(partial, target);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      } finally {
        writing.delete(partial);
      }
    },
    async open(key: string, range?: ByteRange): Promise<Readable> {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(pathOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) throw new MissingBytesError(key);
        throw error;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    get(key: string, range?: ByteRange): Readable {
      return fs.createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
    stat(key) {
      return statOf(pathOf(key), key);
    },
    async *list(prefix = '') {
      // Only the folders the prefix can be in are walked.
      const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      for await (const { file, rel } of walk(base ? path.join(root, checkKey(base)) : root, base)) {
        // Partial writes, and anything not named as a key (never written by us), are left out.
        if (!rel.startsWith(prefix) || rel.endsWith(PARTIAL) || !isSafeKey(rel)) continue;
        const object = await statOf(file, rel);
        if (object) yield object;
      }
    },
    async removeAbandonedPartials(idleBefore) {
      let removed = 0;
      for await (const { file, rel } of walk(root)) {
        if (!rel.endsWith(PARTIAL) || writing.has(file)) continue;
        const object = await statOf(file, rel);
        // The modification time is the last write: an upload in flight keeps its partial fresh.
        if (!object || object.modifiedAt >= idleBefore) continue;
        await fs.promises.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
