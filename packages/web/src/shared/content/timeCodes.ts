import { TIME_CODE_PATTERN } from '@kinfolio/contract';

/*
 * Time codes in transcripts, read by the record screens and by the page of a shared record.
 */

/**
 * A stretch of a transcript: the text from one `[hh:mm:ss]` mark up to the next. The text before
 * the first mark (if any) is a segment without a time.
 */
export interface TranscriptSegment {
  /** Seconds from the start of the recording (all parts end to end); null before the first mark. */
  start: number | null;
  /** The mark as written (`[00:01:05]`, `[1:05]`); empty before the first mark. */
  code: string;
  /** The words after the mark, up to the next one, line breaks kept. */
  text: string;
}

/** The seconds a `[hh:mm:ss]` or `[mm:ss]` mark stands for. */
function secondsOf(match: RegExpExecArray): number {
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** A transcript cut at its time codes, in the order written. */
export function parseTranscript(text: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  const pattern = new RegExp(TIME_CODE_PATTERN.source, 'g');
  let last = 0;
  let current: TranscriptSegment | null = null;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const before = text.slice(last, match.index);
    if (current) current.text = before;
    else if (before) segments.push({ start: null, code: '', text: before });
    current = { start: secondsOf(match), code: match[0], text: '' };
    segments.push(current);
    last = match.index + match[0].length;
  }
  const rest = text.slice(last);
  if (current) current.text = rest;
  else if (rest) segments.push({ start: null, code: '', text: rest });
  return segments;
}

/**
 * The segment being heard at `time`: the one whose mark was passed last (the latest time not
 * after `time`; the first written of equal ones); -1 before the first mark.
 */
export function activeSegment(segments: readonly TranscriptSegment[], time: number): number {
  let found = -1;
  let best = -Infinity;
  segments.forEach((segment, index) => {
    if (segment.start !== null && segment.start <= time && segment.start > best) {
      best = segment.start;
      found = index;
    }
  });
  return found;
}

const two = (value: number) => String(value).padStart(2, '0');

/** `[hh:mm:ss]` for a time in seconds (rounded down to the second). */
export function formatTimeCode(seconds: number): string {
  return `[${clock(seconds)}]`;
}

/** `hh:mm:ss` for a time in seconds (rounded down; never negative). */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor(whole / 60) % 60)}:${two(whole % 60)}`;
}

/** A moment as people say it: `12:04`, with hours only when there are some (`1:02:03`). */
export function shortClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const hours = Math.floor(whole / 3600);
  const rest = `${two(Math.floor(whole / 60) % 60)}:${two(whole % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}
