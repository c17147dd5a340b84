import { describe, expect, it } from 'vitest';
import { locate, peakCount, peaks, timeline } from './timeline';

describe('timeline', () => {
  const line = timeline([10, 5, 20]);
  it('puts the parts end to end', () => {
    expect(line).toEqual({ offsets: [0, 10, 15], total: 35 });
  });

  it('finds the part and the time within it', () => {
    expect(locate(line, 0)).toEqual({ part: 0, at: 0 });
    expect(locate(line, 9.5)).toEqual({ part: 0, at: 9.5 });
    expect(locate(line, 10)).toEqual({ part: 1, at: 0 });
    expect(locate(line, 17)).toEqual({ part: 2, at: 2 });
  });

  it('keeps times inside the recording', () => {
    expect(locate(line, -4)).toEqual({ part: 0, at: 0 });
    expect(locate(line, 99)).toEqual({ part: 2, at: 20 });
  });

  it('skips parts of no length and has nothing to locate without parts', () => {
    const gaps = timeline([4, Number.NaN, 0, 6]);
    expect(gaps).toEqual({ offsets: [0, 4, 4, 4], total: 10 });
    expect(locate(gaps, 5)).toEqual({ part: 3, at: 1 });
    expect(locate(timeline([]), 3)).toEqual({ part: -1, at: 0 });
  });
});

describe('peaks', () => {
  it('keeps the loudest sample of each slice', () => {
    expect(peaks([0.1, -0.5, 0.2, 0.3, -0.05, 0.9], 3)).toEqual([0.5, 0.3, 0.9]);
  });

  it('gives flat points for silence or no samples', () => {
    expect(peaks([], 4)).toEqual([0, 0, 0, 0]);
    expect(peaks(new Float32Array(8), 2)).toEqual([0, 0]);
  });

  it('gives a short part a few points and an hour far fewer than its samples', () => {
    expect(peakCount(0.2)).toBe(16);
    expect(peakCount(3600)).toBe(72_000);
  });
});
