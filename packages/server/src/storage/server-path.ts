import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** One file under a server-side path an operator named (an admin's import, the CLI's). */
export interface ServerPathEntry {
  /** Its path under the named folder, `/`-separated (the file's own name for a single file). */
  path: string;
  size: number;
  modified: Date;
  /** A symbolic link (never followed: it could lead anywhere on the server). */
  link: boolean;
  open(): Readable;
}

/** What is at `target`: a folder, a file, or nothing (undefined). */
export async function serverPathKind(target: string): Promise<'folder' | 'file' | undefined> {
  const stats = await fs.promises.stat(target).catch(() => undefined);
  if (stats?.isDirectory()) return 'folder';
  return stats?.isFile() ? 'file' : undefined;
}

/**
 * The files under the folder `root`, depth first in name order (the same order every time, so
 * that a resumed import meets them in the order it left them). Links are listed, not followed.
 */
export async function* walkServerFolder(root: string): AsyncIterable<ServerPathEntry> {
  async function* walk(folder: string, prefix: string): AsyncIterable<ServerPathEntry> {
    const names = (await fs.promises.readdir(folder)).sort();
    for (const name of names) {
      const full = path.join(folder, name);
      const stats = await fs.promises.lstat(full);
      const relative = prefix ? `${prefix}/${name}` : name;
      if (stats.isDirectory()) {
        yield* walk(full, relative);
      } else if (stats.isFile() || stats.isSymbolicLink()) {
        yield {
          path: relative,
          size: stats.size,
          modified: stats.mtime,
          link: stats.isSymbolicLink(),
          open: () => fs.createReadStream(full),
        };
      }
    }
  }
  yield* walk(root, '');
}

/** The single file `file`, as an entry. */
export async function serverFileEntry(file: string): Promise<ServerPathEntry> {
  const stats = await fs.promises.lstat(file);
  return {
    path: path.basename(file),
    size: stats.size,
    modified: stats.mtime,
    link: stats.isSymbolicLink(),
    open: () => fs.createReadStream(file),
  };
}
