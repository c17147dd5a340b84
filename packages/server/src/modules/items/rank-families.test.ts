import { describe, expect, it } from 'vitest';
import { rankFamilies, type CandidateRow } from './search.js';

const hit = (
  item_id: number,
  family_id: number,
  score: number,
  date: string | null,
): CandidateRow => ({
  item_id,
  family_id,
  score,
  date,
});

describe('rankFamilies', () => {
  it('ranks a family by its best hit and latest date, undated after dated, then newest original', () => {
    const ranked = rankFamilies([
      hit(1, 1, 0.2, '2001-01-01'),
      hit(2, 1, 0.5, '1999-05-05'), // a translation of 1: its score and 1's date count
      hit(3, 3, 0.5, '2000-01-01'),
      hit(4, 4, 0.5, null),
      hit(5, 5, 0.5, null),
      hit(6, 6, 0.9, null),
    ]);
    expect(ranked).toEqual([
      { family_id: 6, score: 0.9, date: '' },
      { family_id: 1, score: 0.5, date: '2001-01-01' },
      { family_id: 3, score: 0.5, date: '2000-01-01' },
      { family_id: 5, score: 0.5, date: '' },
      { family_id: 4, score: 0.5, date: '' },
    ]);
  });

  it('counts each family once', () => {
    expect(rankFamilies([hit(7, 9, 1, null), hit(9, 9, 0, '2020-02-02')])).toHaveLength(1);
  });
});
