import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { ImportError } from './errors.js';

/** One file of a source: a zip entry, or a file under a folder. */
export interface RawEntry {
  /** Its path inside the source, `/`-separated. */
  path: string;
  /** The size it declares (a zip's central directory, a file's stat). */
  size: number;
  modified: Date;
  /** A symbolic link: refused, never followed. */
  link: boolean;
  open(): Promise<Readable>;
}

/** Caps on what a zip may unpack to: a zip bomb is refused before anything is written. */
export interface ArchiveLimits {
  /** Every entry's bytes together. */
  maxTotalBytes: number;
  /** Unpacked over packed bytes, for an entry larger than RATIO_FLOOR_BYTES. */
  maxRatio: number;
  maxEntries: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxTotalBytes: 64 * 1024 ** 3,
  maxRatio: 200,
  maxEntries: 200_000,
};

/** A cap as people read it: `64 GB`, `10 MB`, `900 KB`. */
export function readableBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Math.round(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** The refusal of a source unpacking to more than the cap. */
export const tooLarge = (limits: ArchiveLimits) =>
  new ImportError('too_large', { max: readableBytes(limits.maxTotalBytes) });

/** Small entries compress as they like (a blank picture, a text); the ratio counts above this. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** A path that stays inside its source: relative, no `..`, no drive, no empty segment. */
export function safeEntryPath(name: string): boolean {
  if (!name || name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters have no place in a path
  if (/[\u0000-\u001f]/.test(name)) return false;
  return name.split('/').every((part) => part !== '..' && part !== '.');
}

/** Whether the first bytes are a zip's (a local file header, or the end of an empty one). */
export const looksLikeZip = (head: Buffer) =>
  head.length >= 4 &&
  head[0] === 0x50 &&
  head[1] === 0x4b &&
  ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** What yauzl's refusal of an entry means for the user. */
function zipProblem(error: unknown): ImportError {
  if (error instanceof ImportError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/relative path|absolute path|invalid characters/i.test(message)) {
    const name = /: (.*)$/.exec(message)?.[1] ?? '';
    return new ImportError('unsafe_entry', { name });
  }
  if (/too many bytes|too few bytes|uncompressed size|compressed size/i.test(message)) {
    return new ImportError('bomb');
  }
  return new ImportError('damaged');
}

/** An open zip: its entries (metadata only, read from the central directory) and closing it. */
export interface OpenedZip {
  entries: RawEntry[];
  close(): void;
}

/**
 * Opens the zip at `file` and lists its entries, refusing the whole archive (ImportError) for
 * an entry whose path leaves it or is absolute, a symbolic link, too many entries, or declared
 * sizes over the caps. Nothing is decompressed here; each entry's stream is checked against its
 * declared size as it is read (yauzl), and `inspect` reads them all before anything is written.
 */
export async function openZip(
  file: string,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<OpenedZip> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true },
      (error, opened) => (error ? reject(zipProblem(error)) : resolve(opened)),
    );
  });
  const entries: RawEntry[] = [];
  let declared = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: unknown) => reject(zipProblem(error)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          const name = entry.fileName;
          if (!safeEntryPath(name)) throw new ImportError('unsafe_entry', { name });
          const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
          if (mode === S_IFLNK) throw new ImportError('unsafe_entry', { name });
          if (entries.length >= limits.maxEntries) throw new ImportError('bomb');
          declared += entry.uncompressedSize;
          if (declared > limits.maxTotalBytes) throw tooLarge(limits);
          if (
            entry.uncompressedSize > RATIO_FLOOR_BYTES &&
            entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)
          ) {
            throw new ImportError('bomb');
          }
          if (!name.endsWith('/')) {
            entries.push({
              path: name,
              size: entry.uncompressedSize,
              modified: entry.getLastModDate(),
              link: false,
              open: () =>
                new Promise<Readable>((done, fail) =>
                  zip.openReadStream(entry, (error, stream) =>
                    error ? fail(zipProblem(error)) : done(stream),
                  ),
                ),
            });
          }
          zip.readEntry();
        } catch (error) {
          reject(zipProblem(error));
        }
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }
  return { entries, close: () => zip.close() };
}

/**
 * Reads `source` to its end, keeping its first `headBytes`: how many bytes it really holds and
 * how it starts. A zip entry longer or shorter than it declared fails here (a bomb, refused).
 */
export async function measure(
  source: Readable,
  headBytes: number,
): Promise<{ size: number; head: Buffer }> {
  let size = 0;
  const head: Buffer[] = [];
  await pipeline(
    source,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (size < headBytes) head.push(chunk.subarray(0, headBytes - size));
        size += chunk.length;
        done();
      },
    }),
  ).catch((error: unknown) => {
    throw zipProblem(error);
  });
  return { size, head: Buffer.concat(head) };
}
