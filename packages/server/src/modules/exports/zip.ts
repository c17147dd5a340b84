import { setTimeout as sleep } from 'node:timers/promises';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/** Entries queued but not yet written past which adding waits (memory stays flat). */
const MAX_PENDING = 32;

/**
 * A zip written to `out` as entries are added. Entries are opened lazily, one at a time, and
 * `add` waits while too many are queued, so neither open files nor pages pile up.
 */
export function zipWriter(out: Writable) {
  const zip = new yazl.ZipFile();
  const done = pipeline(zip.outputStream, out);
  let pending = 0;
  let failed: unknown;
  zip.on('error', (error: unknown) => {
    failed = error;
  });
  done.catch((error: unknown) => {
    failed ??= error;
  });
  const track = (stream: NodeJS.ReadableStream) => {
    const settle = () => {
      pending -= 1;
    };
    stream.once('end', settle);
    stream.once('error', settle);
    return stream;
  };
  const room = async () => {
    while (pending >= MAX_PENDING) {
      if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
      await sleep(5);
    }
  };
  return {
    async addBuffer(name: string, data: Buffer | string) {
      await room();
      pending += 1;
      const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      zip.addReadStreamLazy(name, { size: buffer.length }, (cb) =>
        cb(null, track(Readable.from([buffer]))),
      );
    },
    /** `open` is called when the entry's turn comes. */
    async addStream(name: string, open: () => NodeJS.ReadableStream, compress = true) {
      await room();
      pending += 1;
      zip.addReadStreamLazy(name, { compress }, (cb) => {
        try {
          cb(null, track(open()));
        } catch (error) {
          pending -= 1;
          cb(error, undefined as unknown as NodeJS.ReadableStream);
        }
      });
    },
    async end() {
      zip.end();
      await done;
      if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
    },
  };
}

/** Control characters (C0 and DEL) replaced by `by`. */
export const withoutControls = (value: string, by: string) =>
  [...value].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? by : c)).join('');

/** A name safe inside a zip and on every file system (no folders, no reserved characters). */
export function safeName(name: string, fallback: string): string {
  const clean = withoutControls(name, '_')
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120);
  return clean || fallback;
}
