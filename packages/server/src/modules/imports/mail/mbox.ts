import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { mboxReader } from 'mbox-reader';

const FROM = Buffer.from('From ', 'latin1');
const NEWLINE = 0x0a;

/**
 * Sits before mbox-reader, which holds a message's lines (and a line being read) whole: it
 * numbers the messages as their `From ` lines go by and stops passing on a message's bytes once
 * it exceeds `maxBytes`, so that a message (or a single line) of gigabytes never reaches memory.
 * The messages it cut are listed in `oversized` by their number, counted from 0.
 */
class MessageGuard extends Transform {
  readonly oversized = new Set<number>();
  private index = -1;
  private size = 0;
  private dropping = false;
  /** The first bytes of the current line while it is not known whether it starts a message. */
  private head: Buffer | undefined = Buffer.alloc(0);
  private endedLine = true;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    const out: Buffer[] = [];
    let pos = 0;
    while (pos < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, pos);
      const lineEnd = newline === -1 ? chunk.length : newline + 1;
      if (this.head) {
        const end = Math.min(lineEnd, pos + FROM.length - this.head.length);
        this.head = Buffer.concat([this.head, chunk.subarray(pos, end)]);
        pos = end;
        const ended = this.head[this.head.length - 1] === NEWLINE;
        if (this.head.length < FROM.length && !ended) continue;
        const start = this.head;
        this.head = ended ? Buffer.alloc(0) : undefined;
        if (start.subarray(0, FROM.length).equals(FROM)) {
          this.index += 1;
          this.size = 0;
          this.dropping = false;
        }
        this.pass(start, out);
        continue;
      }
      this.pass(chunk.subarray(pos, lineEnd), out);
      pos = lineEnd;
      if (newline !== -1) this.head = Buffer.alloc(0);
    }
    done(null, out.length ? Buffer.concat(out) : undefined);
  }

  override _flush(done: TransformCallback) {
    const out: Buffer[] = [];
    if (this.head) this.pass(this.head, out);
    done(null, out.length ? Buffer.concat(out) : undefined);
  }

  private pass(bytes: Buffer, out: Buffer[]) {
    if (!bytes.length) return;
    this.size += bytes.length;
    if (this.size > this.maxBytes) {
      if (!this.dropping) {
        this.dropping = true;
        if (this.index >= 0) this.oversized.add(this.index);
        // The part passed on must end its line, or the next `From ` would not start one.
        if (!this.endedLine) out.push(Buffer.from('\n'));
        this.endedLine = true;
      }
      return;
    }
    out.push(bytes);
    this.endedLine = bytes[bytes.length - 1] === NEWLINE;
  }
}

/** One message of an mbox: its raw RFC 822 bytes, or undefined when it was over the cap. */
export interface MboxMessage {
  index: number;
  raw: Buffer | undefined;
  /** The time on its `From ` line (undefined when unreadable). */
  time: Date | undefined;
  /** Gmail's labels (`X-Gmail-Labels`), decoded. */
  labels: string[];
}

/**
 * The messages of an mbox (gzipped when `gz`), one after the other as they are read: the stream
 * is paused while a message is handled, so memory holds one message (at most `maxBytes`).
 */
export async function* readMbox(
  source: Readable,
  options: { gz: boolean; maxBytes: number },
): AsyncGenerator<MboxMessage> {
  const guard = new MessageGuard(options.maxBytes);
  const feeding = pipeline(
    options.gz ? [source, createGunzip(), guard] : [source, guard],
  ) as unknown as Promise<void>;
  // A failure upstream (a broken gzip) ends mbox-reader's input; it is thrown after the loop.
  let failure: unknown;
  feeding.catch((error: unknown) => {
    failure = error;
  });
  let index = 0;
  try {
    for await (const message of mboxReader(guard)) {
      const time = message.time instanceof Date ? message.time : undefined;
      const cut = guard.oversized.has(index);
      yield { index, raw: cut ? undefined : message.content, time, labels: message.labels };
      index += 1;
    }
  } finally {
    source.destroy();
    guard.destroy();
  }
  if (failure) throw failure;
}
