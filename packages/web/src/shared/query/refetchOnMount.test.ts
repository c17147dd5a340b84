import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { JUST_ANSWERED_MS, refetchOnMount } from './queryClient';

function queryAnswered(agoMs: number, invalidated = false) {
  const client = new QueryClient();
  client.setQueryData(['list'], [1], { updatedAt: Date.now() - agoMs });
  if (invalidated) void client.invalidateQueries({ queryKey: ['list'], refetchType: 'none' });
  const query = client.getQueryCache().find({ queryKey: ['list'] });
  if (!query) throw new Error('no query');
  return query;
}

describe('a page mounting over a query read on every visit', () => {
  it('does not ask again for the answer its route loader just fetched', () => {
    expect(refetchOnMount(queryAnswered(100))).toBe(false);
  });

  it('asks again for an older answer (a revisit, a restored copy)', () => {
    expect(refetchOnMount(queryAnswered(JUST_ANSWERED_MS + 1))).toBe(true);
  });

  it('asks again at once when a write marked it out of date', () => {
    expect(refetchOnMount(queryAnswered(100, true))).toBe(true);
  });
});
