import { describe, expect, it } from 'vitest';
import { endOf, regionOf, segmentAt, stepSegment } from './segmentIndex';

const segments = [
  { start: 0, end: 5 },
  { start: 5, end: null },
  { start: 10, end: null },
];

describe('segment index', () => {
  it('ends a segment at its end, the next start, or the recording’s end', () => {
    expect(endOf(segments, 0, 13)).toBe(5);
    expect(endOf(segments, 1, 13)).toBe(10);
    expect(endOf(segments, 2, 13)).toBe(13);
  });

  it('finds the segment heard', () => {
    expect(segmentAt(segments, 0)).toBe(0);
    expect(segmentAt(segments, 4.9)).toBe(0);
    expect(segmentAt(segments, 4.97)).toBe(1);
    expect(segmentAt(segments, 12)).toBe(2);
    expect(segmentAt([{ start: 3, end: null }], 1)).toBe(-1);
  });

  it('steps to the next and previous segment, back to the start of the one heard first', () => {
    expect(stepSegment(segments, 1, 1)).toBe(1);
    expect(stepSegment(segments, 11, 1)).toBe(2);
    expect(stepSegment(segments, 5.5, -1)).toBe(0);
    expect(stepSegment(segments, 8, -1)).toBe(1);
    expect(stepSegment(segments, 0, -1)).toBe(0);
    expect(stepSegment([], 3, 1)).toBe(-1);
  });

  it('draws regions in percent of the recording', () => {
    expect(regionOf(segments, 1, 20)).toEqual({ left: 25, width: 25 });
    expect(regionOf(segments, 2, 20)).toEqual({ left: 50, width: 50 });
    expect(regionOf(segments, 0, 0)).toEqual({ left: 0, width: 0 });
  });
});
