import { describe, expect, it } from 'vitest';
import { itemQueries } from './api';
import { listRequest } from './listSearch';

describe('itemQueries.list', () => {
  it('persists lists (spec §9) but not searches, and refetches on every visit', () => {
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

  it('keys each page of each list apart', () => {
    const one = itemQueries.list('mail', listRequest('mail', {})).queryKey;
    const two = itemQueries.list('mail', listRequest('mail', { page: 2 })).queryKey;
    expect(one).not.toEqual(two);
    expect(one.slice(0, 2)).toEqual(['items', 'mail']);
  });
});
