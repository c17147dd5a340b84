import { describe, expect, it } from 'vitest';
import { pageByRank, type RankedHit } from './listing.js';

describe('pageByRank', () => {
  // Scores: 3 (id 1), a tie of four at 2 (ids 2 to 5), 1 (id 6).
  const hits: RankedHit[] = [
    { id: 6, score: 1 },
    { id: 2, score: 2 },
    { id: 1, score: 3 },
    { id: 3, score: 2 },
    { id: 4, score: 2 },
    { id: 5, score: 2 },
  ];
  const dates = new Map<number, string | null>([
    [2, '1990-01-01T00:00:00.000Z'],
    [3, null],
    [4, '1990-01-01T00:00:00.000Z'],
    [5, '2001-01-01T00:00:00.000Z'],
  ]);
  const run = async (limit: number, offset: number) => {
    const asked: number[][] = [];
    const page = await pageByRank(hits, limit, offset, async (ids) => {
      asked.push([...ids].sort((a, b) => a - b));
      return new Map(ids.map((id) => [id, dates.get(id) ?? null]));
    });
    return { ids: page.map((hit) => hit.id), asked };
  };

  it('orders a tie as rankOrder does: dated first, newest date, newest id', async () => {
    expect((await run(10, 0)).ids).toEqual([1, 5, 4, 2, 3, 6]);
  });

  it('gives each page its part of that order, ties cut by the page included', async () => {
    const pages = [await run(2, 0), await run(2, 2), await run(2, 4)];
    expect(pages.flatMap((page) => page.ids)).toEqual([1, 5, 4, 2, 3, 6]);
    // Every page meets the tie: its four dates are read, and only those.
    for (const page of pages) expect(page.asked).toEqual([[2, 3, 4, 5]]);
  });

  it('reads no date when the page meets no tie, and answers nothing past the end', async () => {
    expect(await run(1, 0)).toEqual({ ids: [1], asked: [] });
    expect(await run(1, 5)).toEqual({ ids: [6], asked: [] });
    expect(await run(5, 6)).toEqual({ ids: [], asked: [] });
  });
});
