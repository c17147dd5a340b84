import { describe, expect, it } from 'vitest';
import { nextStop } from './treeFocus';

describe('Tab through the tree’s boxes', () => {
  it('goes from a box to its add button, then to the next box', () => {
    expect(nextStop({ index: 0, part: 'box' }, false, 3, true)).toEqual({ index: 0, part: 'add' });
    expect(nextStop({ index: 0, part: 'add' }, false, 3, true)).toEqual({ index: 1, part: 'box' });
    expect(nextStop({ index: 1, part: 'box' }, true, 3, true)).toEqual({ index: 0, part: 'add' });
    expect(nextStop({ index: 1, part: 'add' }, true, 3, true)).toEqual({ index: 1, part: 'box' });
  });

  it('goes from box to box when no one may add', () => {
    expect(nextStop({ index: 1, part: 'box' }, false, 3, false)).toEqual({ index: 2, part: 'box' });
    expect(nextStop({ index: 1, part: 'box' }, true, 3, false)).toEqual({ index: 0, part: 'box' });
  });

  it('leaves the boxes before the first and after the last', () => {
    expect(nextStop({ index: 0, part: 'box' }, true, 3, true)).toBe('before');
    expect(nextStop({ index: 2, part: 'add' }, false, 3, true)).toBe('after');
    expect(nextStop({ index: 2, part: 'box' }, false, 3, false)).toBe('after');
  });
});
