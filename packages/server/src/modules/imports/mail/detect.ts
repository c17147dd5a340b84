import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ImportError } from '../errors.js';
import type { SourceEntry } from '../source.js';

/** How a source's file holds mail: a mailbox (gzipped or not), or one message. */
export type MailFormat = 'mbox' | 'mbox.gz' | 'eml';

/** Enough of a file's start to see a mailbox's first message headers or a message's. */
const HEAD_BYTES = 16 * 1024;

/** A header field's line: a name of printable ASCII without spaces or colons, then `:`. */
const HEADER_LINE = /^[!-9;-~]+:/;
/** Headers only a message has (a text that happens to hold `Subject:` is not one). */
const MESSAGE_HEADERS = new Set(['from', 'date', 'message-id', 'received']);

const isGzip = (head: Buffer) => head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;

async function firstBytes(stream: Readable, count: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= count) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, count);
}

/** The first bytes once gunzipped; empty when they are not gzip's. */
async function gunzippedHead(entry: SourceEntry): Promise<Buffer> {
  const source = await entry.open();
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  try {
    return await firstBytes(gunzip, HEAD_BYTES);
  } catch {
    return Buffer.alloc(0);
  } finally {
    source.destroy();
  }
}

/** The header lines at the start of `text` (up to its first empty line), folded lines joined. */
function headerNames(lines: string[]): string[] | undefined {
  const names: string[] = [];
  for (const line of lines) {
    if (line === '') break;
    if (/^[ \t]/.test(line) && names.length) continue;
    if (!HEADER_LINE.test(line)) return undefined;
    names.push(line.slice(0, line.indexOf(':')).toLowerCase());
  }
  return names;
}

function linesOf(head: Buffer): string[] {
  const lines = head.toString('latin1').split(/\r?\n/);
  // The last line may be cut short by the head's end.
  if (head.length >= HEAD_BYTES) lines.pop();
  return lines;
}

/** A mailbox: a `From ` line, then a message's header lines. */
export function looksLikeMbox(head: Buffer): boolean {
  if (head.toString('latin1', 0, 5) !== 'From ') return false;
  const names = headerNames(linesOf(head).slice(1));
  return names !== undefined && names.length > 0;
}

/** One message (RFC 822): header lines from the start, one of them only a message has. */
export function looksLikeMessage(head: Buffer): boolean {
  const names = headerNames(linesOf(head));
  return names !== undefined && names.some((name) => MESSAGE_HEADERS.has(name));
}

const namedAsMbox = (name: string) => /\.mbox(\.gz)?$/i.test(name);

/**
 * What a source's entry holds of mail, read from its content (a Thunderbird mailbox has no
 * extension; a Gmail one is called `….mbox`). An entry called a mailbox that is not one is
 * refused (`not_mbox`): importing it as nothing would hide that the user chose the wrong file.
 */
export async function mailFormatOf(entry: SourceEntry): Promise<MailFormat | undefined> {
  if (entry.mime || entry.size === 0) return undefined;
  const head = await firstBytes(await entry.open(), HEAD_BYTES);
  if (isGzip(head)) {
    if (looksLikeMbox(await gunzippedHead(entry))) return 'mbox.gz';
  } else if (looksLikeMbox(head)) {
    return 'mbox';
  } else if (looksLikeMessage(head)) {
    return 'eml';
  }
  if (namedAsMbox(entry.path)) {
    throw new ImportError('not_mbox', { name: path.posix.basename(entry.path) });
  }
  return undefined;
}
