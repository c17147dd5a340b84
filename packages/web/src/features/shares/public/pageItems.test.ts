import { describe, expect, it } from 'vitest';
import { pageItems } from './pageItems';

describe('pageItems', () => {
  it('shows every page of a short list', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 2)).toEqual([1, 2, 3, 4]);
  });

  it('puts a gap where pages are left out, and a lone left-out page instead of a gap', () => {
    expect(pageItems(20, 1)).toEqual([1, 2, null, 20]);
    expect(pageItems(20, 10)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageItems(20, 4)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageItems(20, 20)).toEqual([1, null, 19, 20]);
  });
});
