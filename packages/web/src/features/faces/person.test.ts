import { describe, expect, it } from 'vitest';
import { byYear, itemProfileHref, mergeTimeline, type TimelineEntry } from './person';

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

describe('the timeline read page by page', () => {
  const keys = (result: ReturnType<typeof mergeTimeline>) => result.entries.map((e) => e.key);

  it('shows only what no unread page can precede, and reads the list that holds it back', () => {
    const photos = { entries: [entry('p1', '1950-01-01'), entry('p2', '1960-01-01')], more: true };
    const posts = {
      entries: [entry('a1', '1940-01-01'), entry('a2', '1955-01-01'), entry('a3', '1990-01-01')],
      more: false,
    };
    const records = { entries: [entry('r1', '1945-01-01'), entry('r2', '1970-01-01')], more: true };
    const result = mergeTimeline([photos, posts, records]);
    // The photos' next page may hold 1961: nothing after their last read date is shown yet.
    expect(keys(result)).toEqual(['a1', 'r1', 'p1', 'a2', 'p2']);
    expect(result.toRead).toEqual([0]);
  });

  it('shows everything once every list is read, the undated last', () => {
    const result = mergeTimeline([
      { entries: [entry('p1', '1950-01-01')], more: false },
      { entries: [entry('r1', '1930-05-02'), entry('r2', null)], more: false },
    ]);
    expect(keys(result)).toEqual(['r1', 'p1', 'r2']);
    expect(result.toRead).toEqual([]);
  });

  it('keeps the undated back while records are unread, and shows nothing before a first page', () => {
    const dated = { entries: [entry('p1', '1950-01-01')], more: false };
    expect(keys(mergeTimeline([dated, { entries: [entry('r1', null)], more: true }]))).toEqual([
      'p1',
      'r1',
    ]);
    const waiting = mergeTimeline([dated, { entries: [], more: true }]);
    expect(keys(waiting)).toEqual([]);
    expect(waiting.toRead).toEqual([1]);
  });

  it('grows only at its end as pages arrive', () => {
    const first = mergeTimeline([
      { entries: [entry('p1', '1950-01-01'), entry('p2', '1952-01-01')], more: true },
      { entries: [entry('a1', '1951-01-01'), entry('a2', '1980-01-01')], more: false },
    ]);
    const second = mergeTimeline([
      {
        entries: [entry('p1', '1950-01-01'), entry('p2', '1952-01-01'), entry('p3', '1990-01-01')],
        more: false,
      },
      { entries: [entry('a1', '1951-01-01'), entry('a2', '1980-01-01')], more: false },
    ]);
    expect(keys(second).slice(0, keys(first).length)).toEqual(keys(first));
    expect(keys(second)).toEqual(['p1', 'a1', 'p2', 'a2', 'p3']);
  });
});
