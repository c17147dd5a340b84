import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ImportSkipReason } from '@kinfolio/contract';
import {
  serverFileEntry,
  serverPathKind,
  walkServerFolder,
  type TempDir,
} from '../../storage/index.js';
import {
  DEFAULT_ARCHIVE_LIMITS,
  looksLikeZip,
  measure,
  openZip,
  safeEntryPath,
  type ArchiveLimits,
  tooLarge,
  type RawEntry,
} from './archive.js';
import { ImportError } from './errors.js';
import { namedAsMedia, sniffMedia, SNIFF_BYTES, type MediaMime } from './sniff.js';

/** An entry of a source once read through: what it really is, or why it is left out. */
export interface SourceEntry {
  path: string;
  size: number;
  modified: Date;
  /** Its media type by content; undefined for anything else. */
  mime: MediaMime | undefined;
  /** Why it is left out whatever the source kind (empty, a system file); else undefined. */
  skip: ImportSkipReason | undefined;
  open(): Promise<Readable>;
}

/** A source ready to import: its entries, in the same order every time it is opened. */
export interface OpenedSource {
  /** The file or folder's own name (a category for pictures at its top). */
  name: string;
  entries: SourceEntry[];
  close(): void;
}

/** Files the systems that pack zips add beside the real ones (macOS's resource forks, …). */
const SYSTEM_FILE = /(^|\/)(__MACOSX\/|\._|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;
/**
 * Google Takeout's index of the archive (a page listing what was exported, in every Takeout):
 * not a memory, and not worth a line of "skipped" in every report.
 */
const TAKEOUT_INDEX = /(^|\/)archive_browser\.html$/i;

/**
 * Reads every entry once before anything is imported: a zip entry whole (its real size, so a
 * lying header fails here), a file of a folder only its first bytes. A source holding an entry
 * named as a picture or a video that is not one is refused: it lies about what it holds.
 */
async function inspect(
  raw: RawEntry[],
  whole: boolean,
  limits: ArchiveLimits,
): Promise<SourceEntry[]> {
  const entries: SourceEntry[] = [];
  let total = 0;
  for (const entry of raw) {
    if (entry.link || !safeEntryPath(entry.path)) {
      throw new ImportError('unsafe_entry', { name: entry.path });
    }
    if (TAKEOUT_INDEX.test(entry.path)) continue;
    let head: Buffer;
    let size = entry.size;
    if (whole) {
      ({ size, head } = await measure(await entry.open(), SNIFF_BYTES));
      total += size;
      if (total > limits.maxTotalBytes) throw tooLarge(limits);
    } else {
      head = await firstBytes(await entry.open(), SNIFF_BYTES);
    }
    const system = SYSTEM_FILE.test(entry.path);
    const mime = system ? undefined : sniffMedia(head);
    if (!system && size > 0 && !mime && namedAsMedia(entry.path)) {
      throw new ImportError('lying_entry', { name: entry.path });
    }
    const skip: ImportSkipReason | undefined =
      size === 0 ? 'empty' : mime ? undefined : 'unsupported';
    entries.push({ ...entry, size, mime, skip });
  }
  return entries;
}

async function firstBytes(stream: Readable, count: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= count) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, count);
}

/** A single file: a zip when its bytes say so, else the one entry it is. */
async function openFile(
  file: string,
  entry: RawEntry,
  limits: ArchiveLimits,
): Promise<OpenedSource> {
  const head = await firstBytes(await entry.open(), 4);
  const name = path.basename(file);
  if (!looksLikeZip(head)) {
    return { name, entries: await inspect([entry], false, limits), close: () => undefined };
  }
  const zip = await openZip(file, limits);
  try {
    return { name, entries: await inspect(zip.entries, true, limits), close: zip.close };
  } catch (error) {
    zip.close();
    throw error;
  }
}

const asRaw = (entry: Awaited<ReturnType<typeof serverFileEntry>>): RawEntry => ({
  ...entry,
  open: () => Promise.resolve(entry.open()),
});

/** A file or folder on the server (an admin's path, the CLI's argument). */
export async function openServerPath(
  target: string,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<OpenedSource> {
  const kind = await serverPathKind(target);
  if (!kind) throw new ImportError('path_missing');
  if (kind === 'file') return openFile(target, asRaw(await serverFileEntry(target)), limits);
  const raw: RawEntry[] = [];
  for await (const entry of walkServerFolder(target)) raw.push(asRaw(entry));
  return {
    name: path.basename(path.resolve(target)),
    entries: await inspect(raw, false, limits),
    close: () => undefined,
  };
}

/** An uploaded file, copied into `dir` (tools such as yauzl need a real file) as `name`. */
export async function openUpload(
  dir: TempDir,
  copy: string,
  fileName: string,
  modified: Date,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<OpenedSource> {
  const file = dir.path(copy);
  const entry: RawEntry = {
    path: fileName,
    size: await dir.size(copy),
    modified,
    link: false,
    open: () => Promise.resolve(dir.read(copy)),
  };
  const opened = await openFile(file, entry, limits);
  return { ...opened, name: fileName };
}
