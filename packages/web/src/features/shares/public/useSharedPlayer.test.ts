import { describe, expect, it } from 'vitest';
import { locate } from './useSharedPlayer';

describe('locate', () => {
  it('finds the part a time of the whole recording falls in', () => {
    expect(locate([60, 120, 30], 0)).toEqual({ part: 0, at: 0 });
    expect(locate([60, 120, 30], 59)).toEqual({ part: 0, at: 59 });
    expect(locate([60, 120, 30], 60)).toEqual({ part: 1, at: 0 });
    expect(locate([60, 120, 30], 200)).toEqual({ part: 2, at: 20 });
  });

  it('keeps a time past the end (or with lengths unknown) in the last part', () => {
    expect(locate([60, 30], 500)).toEqual({ part: 1, at: 440 });
    expect(locate([0], 65)).toEqual({ part: 0, at: 65 });
  });
});
