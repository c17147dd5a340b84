/**
 * A record's audio parts played end to end as one recording: transcript time codes count from
 * the start of the first part.
 */
export interface Timeline {
  /** Where each part starts, in seconds from the start of the recording. */
  offsets: number[];
  total: number;
}

export function timeline(durations: readonly number[]): Timeline {
  const offsets: number[] = [];
  let total = 0;
  for (const duration of durations) {
    offsets.push(total);
    total += Number.isFinite(duration) && duration > 0 ? duration : 0;
  }
  return { offsets, total };
}

/** The part playing at `time` and the time within it (the last part's end past the end). */
export function locate({ offsets, total }: Timeline, time: number): { part: number; at: number } {
  if (offsets.length === 0) return { part: -1, at: 0 };
  const clamped = Math.max(0, Math.min(time, total));
  let part = 0;
  for (let index = 0; index < offsets.length; index += 1) {
    const offset = offsets[index] ?? 0;
    // A part of no length never plays: its successor starting at the same offset wins.
    if (offset <= clamped) part = index;
  }
  // At the very end, stay on the last part that has any length.
  while (part > 0 && (offsets[part] ?? 0) >= total) part -= 1;
  return { part, at: clamped - (offsets[part] ?? 0) };
}

/**
 * The loudest sample (absolute) of each of `count` equal slices of a channel: what a waveform
 * draws, far smaller than the samples.
 */
export function peaks(samples: ArrayLike<number>, count: number): number[] {
  const slices = Math.max(1, Math.floor(count));
  const result = new Array<number>(slices).fill(0);
  if (samples.length === 0) return result;
  const size = samples.length / slices;
  for (let slice = 0; slice < slices; slice += 1) {
    const from = Math.floor(slice * size);
    const to = Math.max(from + 1, Math.floor((slice + 1) * size));
    let loudest = 0;
    for (let index = from; index < to && index < samples.length; index += 1) {
      const value = Math.abs(samples[index] ?? 0);
      if (value > loudest) loudest = value;
    }
    result[slice] = Math.round(loudest * 1000) / 1000;
  }
  return result;
}

/** Waveform points per second of audio: enough for a wide screen, small for an hour's tape. */
export const PEAKS_PER_SECOND = 20;

/** How many points a part of this length gets (at least a few, so a short part still shows). */
export function peakCount(duration: number): number {
  return Math.max(16, Math.round(duration * PEAKS_PER_SECOND));
}
