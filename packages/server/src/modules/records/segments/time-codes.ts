import { TIME_CODE_PATTERN } from '@kinfolio/contract';

/** A `[hh:mm:ss]` of a transcript with the text that follows it, up to the next one. */
export interface TimeCodeMark {
  seconds: number;
  /** The code as written, brackets included. */
  code: string;
  text: string;
}

/**
 * The time codes of a transcript in the order written, each with its text. A code earlier than
 * the one before it (a slip of the typist) starts nothing: its text stays with the previous one.
 */
export function timeCodeMarks(transcript: string): TimeCodeMark[] {
  const pattern = new RegExp(TIME_CODE_PATTERN.source, 'g');
  const found: { seconds: number; code: string; from: number; to: number }[] = [];
  for (const match of transcript.matchAll(pattern)) {
    const [code, h = '0', m = '0', s = '0'] = match;
    const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
    const previous = found.at(-1);
    if (previous && seconds <= previous.seconds) continue;
    found.push({ seconds, code, from: match.index, to: match.index + code.length });
  }
  return found.map((mark, index) => {
    const next = found[index + 1];
    const text = transcript
      .slice(mark.to, next ? next.from : undefined)
      // Later codes skipped above stay in the text as the typist wrote them.
      .trim();
    return { seconds: mark.seconds, code: mark.code, text };
  });
}

const TITLE_LENGTH = 80;

/** A title from a stretch of transcript: its first line, cut at a word near 80 characters. */
export function titleFrom(text: string): string {
  const line = (text.split('\n').find((l) => l.trim()) ?? '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length <= TITLE_LENGTH) return line;
  const head = chars.slice(0, TITLE_LENGTH).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > TITLE_LENGTH / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}
