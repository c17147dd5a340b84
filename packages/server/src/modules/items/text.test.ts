import { describe, expect, it } from 'vitest';
import { cut } from './text.js';

describe('cut', () => {
  it('keeps a text within the length as it is', () => {
    expect(cut('abc', 3)).toBe('abc');
  });

  it('counts code points, never splitting a surrogate pair', () => {
    expect(cut('a😀b😀c', 3)).toBe('a😀b');
    expect(cut('😀😀😀', 2)).toBe('😀😀');
    expect(cut(`a\ud800bc`, 2)).toBe(`a\ud800`);
  });
});
