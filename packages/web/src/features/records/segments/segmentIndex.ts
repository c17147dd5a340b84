import type { RecordSegment } from '@kinfolio/contract';

/** The part of a segment the index works with: where it starts and ends. */
export type Span = Pick<RecordSegment, 'start' | 'end'>;

/** Where a segment stops: its end, else the next one's start, else the end of the recording. */
export function endOf(segments: readonly Span[], index: number, total: number): number {
  const segment = segments[index];
  if (!segment) return total;
  return segment.end ?? segments[index + 1]?.start ?? total;
}

/** The segment being heard at `time` (the last one started), -1 before the first. */
export function segmentAt(segments: readonly Span[], time: number): number {
  let found = -1;
  for (const [index, segment] of segments.entries()) {
    // A few hundredths early still counts: a seek to a start lands just before it at times.
    if (segment.start <= time + 0.05) found = index;
    else break;
  }
  return found;
}

/**
 * The segment `[` (-1) or `]` (+1) goes to from `time`. Backwards, a segment heard for more
 * than two seconds goes back to its own start first, as a player's "previous" does.
 */
export function stepSegment(segments: readonly Span[], time: number, step: -1 | 1): number {
  if (segments.length === 0) return -1;
  const current = segmentAt(segments, time);
  if (step === 1) return Math.min(current + 1, segments.length - 1);
  if (current < 0) return 0;
  const into = time - (segments[current]?.start ?? 0);
  return into > 2 ? current : Math.max(0, current - 1);
}

/** A region of the waveform: where the segment starts and how wide it is, in percent. */
export function regionOf(
  segments: readonly Span[],
  index: number,
  total: number,
): { left: number; width: number } {
  if (total <= 0) return { left: 0, width: 0 };
  const start = Math.min(segments[index]?.start ?? 0, total);
  const end = Math.min(endOf(segments, index, total), total);
  return { left: (start / total) * 100, width: (Math.max(0, end - start) / total) * 100 };
}

/** The speeds the "transcribe this segment" mode plays at. */
export const TRANSCRIBE_RATES = [0.5, 0.75, 1] as const;
