import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** The longest line kept (characters): the rest of a longer one is dropped as it streams by. */
export const LINE_MAX = 16_384;

/**
 * The lines of a text stream (UTF-8, any of \n, \r\n, \r), each cut at `max` characters.
 * Not readline: readline holds a whole line before it yields it, so a 2 GB line would be held
 * whole; here a line past `max` stops growing and its tail is skipped chunk by chunk.
 */
export async function* textLines(stream: Readable, max = LINE_MAX): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let line = '';
  let full = false;
  let afterCr = false;
  const feed = function* (text: string): Generator<string> {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const char = text.charCodeAt(i);
      if (char !== 10 && char !== 13) continue;
      if (char === 10 && afterCr && i === start) {
        // The \n of a \r\n split across two chunks (or right after the \r).
        afterCr = false;
        start = i + 1;
        continue;
      }
      if (!full) line += text.slice(start, Math.min(i, start + max - line.length));
      yield line;
      line = '';
      full = false;
      afterCr = char === 13;
      start = i + 1;
      if (afterCr && text.charCodeAt(start) === 10) {
        afterCr = false;
        start += 1;
        i += 1;
      }
    }
    if (start < text.length) {
      afterCr = false;
      if (!full) {
        line += text.slice(start, start + max - line.length);
        full = line.length >= max;
      }
    }
  };
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    // Inside a line already cut: its tail is skipped undecoded until a line ends.
    if (full && bytes.indexOf(10) < 0 && bytes.indexOf(13) < 0) continue;
    yield* feed(decoder.write(bytes));
  }
  yield* feed(decoder.end());
  if (line) yield line;
}
