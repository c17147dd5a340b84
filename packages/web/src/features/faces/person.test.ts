import { describe, expect, it } from 'vitest';
import { byYear, itemProfileHref, type TimelineEntry } from './person';

const entry = (key: string, date: string | null): TimelineEntry => ({
  key,
  kind: 'post',
  title: key,
  date,
  href: `/${key}`,
});

describe('person timeline', () => {
  it('groups entries by year in the order given, undated ones apart', () => {
    const groups = byYear([
      entry('a', '1998-05-01'),
      entry('b', '1998-01-02'),
      entry('c', '1954-06-12'),
      entry('d', null),
    ]);
    expect(groups.map(([year, list]) => [year, list.map((e) => e.key)])).toEqual([
      ['1998', ['a', 'b']],
      ['1954', ['c']],
      [null, ['d']],
    ]);
  });

  it('links an item to its type’s profile', () => {
    expect(itemProfileHref('media', 12)).toBe('/medias/12/profile');
    expect(itemProfileHref('post', 3)).toBe('/posts/3/profile');
  });
});
