import { ErrorParse, parseGedcom, type GedcomReadingOptions, type TreeNodeRoot } from 'read-gedcom';

export const GEDCOM_LIMITS = {
  /** Larger than any family's tree (Gramps' example of 2,000 people is 1 MB). */
  maxBytes: 64 * 1024 * 1024,
  /** 5.5.1 says 255; some programs write a whole note on one line, none a book. */
  maxLineBytes: 64 * 1024,
  maxDepth: 32,
} as const;

export type GedcomReadFailure = 'not_gedcom' | 'too_large' | 'line_too_long' | 'syntax';

/** A file that cannot be read as GEDCOM; `reason` picks the user's message. */
export class GedcomReadError extends Error {
  constructor(
    readonly reason: GedcomReadFailure,
    message: string,
  ) {
    super(message);
    this.name = 'GedcomReadError';
  }
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const HEAD = '0 HEAD';

/** Whether bytes open like a GEDCOM file: "0 HEAD", after a BOM, in UTF-8/ANSEL/ANSI or UTF-16. */
export function looksLikeGedcom(head: Uint8Array): boolean {
  let offset = UTF8_BOM.every((byte, i) => head[i] === byte) ? 3 : 0;
  const ascii = (step: number, first: number) =>
    [...HEAD].every((char, i) => head[first + i * step] === char.charCodeAt(0));
  if (ascii(1, offset)) return true;
  // UTF-16 with or without its BOM: every other byte is zero.
  offset = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff) ? 2 : 0;
  const le = [...HEAD].every(
    (c, i) => head[offset + 2 * i] === c.charCodeAt(0) && head[offset + 2 * i + 1] === 0,
  );
  const be = [...HEAD].every(
    (c, i) => head[offset + 2 * i] === 0 && head[offset + 2 * i + 1] === c.charCodeAt(0),
  );
  return le || be;
}

function checkLines(bytes: Uint8Array): void {
  let run = 0;
  for (const byte of bytes) {
    if (byte === 0x0a || byte === 0x0d) run = 0;
    else if (++run > GEDCOM_LIMITS.maxLineBytes) {
      throw new GedcomReadError('line_too_long', 'a line is longer than GEDCOM allows');
    }
  }
}

/** How the file's own bytes are text: UTF-16 by its zero bytes, UTF-8 by its BOM or header. */
function unicodeOf(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0x30 && bytes[1] === 0) return 'utf-16le';
  if (bytes[0] === 0 && bytes[1] === 0x30) return 'utf-16be';
  if (UTF8_BOM.every((byte, i) => bytes[i] === byte)) return 'utf-8';
  const head = Buffer.from(bytes.subarray(0, 5000)).toString('latin1');
  const char = /^1\s+CHAR(?:ACTER)?\s+([^\r\n]*)/m.exec(head)?.[1]?.trim().toUpperCase();
  // No CHAR line: GEDCOM 7.0 is always UTF-8, and so are most 5.5.1 files without one.
  return char === undefined || char === 'UTF-8' || char === 'UTF8' ? 'utf-8' : null;
}

/**
 * Text as CESU-8: UTF-8 with each half of a surrogate pair as its own three bytes. read-gedcom's
 * UTF-8 decoder turns every sequence into one UTF-16 unit (it loses 😀 and its UTF-16 decoder
 * misreads every byte above 15), so Unicode files are decoded here and given to it in the one
 * form it reads right.
 */
function toCesu8(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  let at = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) out[at++] = unit;
    else if (unit < 0x800) {
      out[at++] = 0xc0 | (unit >> 6);
      out[at++] = 0x80 | (unit & 0x3f);
    } else {
      out[at++] = 0xe0 | (unit >> 12);
      out[at++] = 0x80 | ((unit >> 6) & 0x3f);
      out[at++] = 0x80 | (unit & 0x3f);
    }
  }
  return out.subarray(0, at);
}

const GEDCOM_7 = /^\s*1 GEDC[^\S\r\n]*\r?\n(?:\s*[2-9] [^\r\n]*\r?\n)*?\s*2 VERS 7\./m;
const LINE = /^(\s*\d+ (?:@[^@\s]+@ )?[A-Za-z0-9_]+ )([^\r\n]*)(?=\r?\n|$)/gm;

/**
 * A GEDCOM 7.0 text with its values escaped the 5.5.1 way, the only one read-gedcom knows (it
 * reads every `@@` as `@`): in 7.0 only a value's leading `@@` is an escape, "a@@b" is "a@@b".
 */
export function escapeGedcom7(text: string): string {
  if (!GEDCOM_7.test(text.slice(0, 5000))) return text;
  return text.replace(LINE, (_line, head: string, value: string) => {
    if (/^@[^@#\s]+@$/.test(value)) return `${head}${value}`;
    const literal = value.startsWith('@@') ? value.slice(1) : value;
    return `${head}${literal.replace(/@/g, '@@')}`;
  });
}

/** The file's lines as a tree, or GedcomReadError when it is not GEDCOM or not one we read. */
export function parseTree(bytes: Uint8Array): TreeNodeRoot {
  if (bytes.byteLength > GEDCOM_LIMITS.maxBytes) {
    throw new GedcomReadError('too_large', 'the file is larger than a family tree');
  }
  if (!looksLikeGedcom(bytes.subarray(0, 32))) {
    throw new GedcomReadError('not_gedcom', 'the file does not start with a GEDCOM header');
  }
  checkLines(bytes);
  try {
    const unicode = unicodeOf(bytes);
    const source = unicode ? toCesu8(escapeGedcom7(new TextDecoder(unicode).decode(bytes))) : bytes;
    const buffer = source.buffer.slice(source.byteOffset, source.byteOffset + source.byteLength);
    return parseGedcom(
      buffer as ArrayBuffer,
      unicode
        ? {
            noIndex: true,
            forcedCharset: 'UTF-8' as NonNullable<GedcomReadingOptions['forcedCharset']>,
          }
        : { noIndex: true },
    );
  } catch (error) {
    if (error instanceof ErrorParse) throw new GedcomReadError('syntax', error.message);
    throw error;
  }
}
