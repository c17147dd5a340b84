import { describe, expect, it } from 'vitest';
import { itemQueries } from './api';
import { listRequest } from './listSearch';

describe('itemQueries.list', () => {
  it('persists lists but not searches, and refetches on every visit', () => {
    const list = itemQueries.list('post', listRequest('post', { tag: 2 }));
    expect(list.meta).toEqual({ persist: true });
    expect(list.staleTime).toBe(0);
    expect(itemQueries.list('post', listRequest('post', { search: 'maison' })).meta).toEqual({
      persist: false,
    });
  });

  it('keeps an opened item for offline reading', () => {
    expect(itemQueries.single('post', 3).meta).toEqual({ persist: true });
  });

  it('asks again for an item while the server makes its thumbnails, not after', () => {
    const interval = itemQueries.single('media', 3).refetchInterval as (query: {
      state: { data?: { files: { thumbnail_pending?: true }[] } };
    }) => number | false;
    const withFiles = (files: { thumbnail_pending?: true }[]) => ({ state: { data: { files } } });
    expect(interval(withFiles([{}, { thumbnail_pending: true }]))).toBeGreaterThan(0);
    expect(interval(withFiles([{}]))).toBe(false);
    expect(interval({ state: {} })).toBe(false);
  });

  it('keys each page of each list apart', () => {
    const one = itemQueries.list('mail', listRequest('mail', {})).queryKey;
    const two = itemQueries.list('mail', listRequest('mail', { page: 2 })).queryKey;
    expect(one).not.toEqual(two);
    expect(one.slice(0, 2)).toEqual(['items', 'mail']);
  });
});
