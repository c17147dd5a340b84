import { describe, expect, it } from 'vitest';
import {
  bucketStarts,
  calendarDay,
  heatLevel,
  entryPath,
  planningFilters,
  recordsLeftOut,
  shiftWindow,
  timelineWindow,
  validatePlanningSearch,
  withPlanningChange,
} from './planningSearch';

describe('validatePlanningSearch', () => {
  it('keeps well-formed parameters', () => {
    expect(
      validatePlanningSearch({
        view: 'timeline',
        type: 'dream',
        category: '3',
        participant: 4,
        tag: '5',
        language: 'it',
        month: '1954-06',
        zoom: 'month',
        at: '1954-06-12',
        day: '2024-02-29',
        md: '02-29',
        page: '2',
      }),
    ).toEqual({
      view: 'timeline',
      type: 'dream',
      category: 3,
      participant: 4,
      tag: 5,
      language: 'it',
      month: '1954-06',
      zoom: 'month',
      at: '1954-06-12',
      day: '2024-02-29',
      md: '02-29',
      page: 2,
    });
  });

  it('drops malformed values, the defaults and impossible days', () => {
    expect(
      validatePlanningSearch({
        view: 'calendar',
        type: 'letter',
        category: '-1',
        language: 'xx',
        month: '1954-13',
        zoom: 'decade',
        at: '2023-02-29',
        day: '1954-6-1',
        md: '02-30',
        page: '1',
      }),
    ).toEqual({});
    expect(calendarDay('0000-01-01')).toBeUndefined();
    expect(calendarDay('0850-03-01')).toBe('0850-03-01');
  });
});

describe('the filters', () => {
  it('are what the planning routes take, the language as lang', () => {
    expect(
      planningFilters({ type: 'record', participant: 2, language: 'fr', day: '2000-01-01' }),
    ).toEqual({
      type: 'record',
      participant: 2,
      lang: 'fr',
    });
  });

  it('say when a tag or category leaves the records out', () => {
    expect(recordsLeftOut({ tag: 1 })).toBe(true);
    expect(recordsLeftOut({ category: 1, type: 'record' })).toBe(true);
    expect(recordsLeftOut({ category: 1, type: 'post' })).toBe(false);
    expect(recordsLeftOut({ participant: 1 })).toBe(false);
  });

  it('send the day list back to its first page on any other change', () => {
    expect(withPlanningChange({ day: '2000-01-01', page: 3 }, { type: 'mail' })).toEqual({
      day: '2000-01-01',
      type: 'mail',
    });
    expect(withPlanningChange({ day: '2000-01-01', page: 3 }, { page: 4 })).toEqual({
      day: '2000-01-01',
      page: 4,
    });
    expect(withPlanningChange({ day: '2000-01-01', type: 'mail' }, { day: undefined })).toEqual({
      type: 'mail',
    });
  });
});

describe('the timeline windows', () => {
  it('span every decade, a decade of years, a year of months or a month of days', () => {
    expect(timelineWindow('decade', '1954-06-12')).toEqual({
      from: '0001-01-01',
      to: '9999-12-31',
    });
    expect(timelineWindow('year', '1954-06-12')).toEqual({ from: '1950-01-01', to: '1959-12-31' });
    expect(timelineWindow('month', '1954-06-12')).toEqual({ from: '1954-01-01', to: '1954-12-31' });
    expect(timelineWindow('day', '2024-02-12')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(timelineWindow('day', '1900-02-12')).toEqual({ from: '1900-02-01', to: '1900-02-28' });
  });

  it('list the bucket starts of a window', () => {
    expect(bucketStarts('decade', '1938-01-01', '1961-01-01')).toEqual([
      '1930-01-01',
      '1940-01-01',
      '1950-01-01',
      '1960-01-01',
    ]);
    expect(bucketStarts('year', '1950-01-01', '1959-12-31')).toHaveLength(10);
    expect(bucketStarts('month', '1954-01-01', '1954-12-31').at(-1)).toBe('1954-12-01');
    expect(bucketStarts('day', '2023-02-01', '2023-02-28')).toHaveLength(28);
  });

  it('move by a decade, a year or a month', () => {
    expect(shiftWindow('year', '1954-06-12', 1)).toBe('1964-01-01');
    expect(shiftWindow('month', '1954-06-12', -1)).toBe('1953-01-01');
    expect(shiftWindow('day', '1954-01-12', -1)).toBe('1953-12-01');
    expect(shiftWindow('decade', '1954-06-12', 1)).toBe('1954-06-12');
  });
});

describe('heatLevel', () => {
  it('is 0 for nothing and 4 for the busiest, on a log scale between', () => {
    expect(heatLevel(0, 10)).toBe(0);
    expect(heatLevel(1, 1)).toBe(4);
    expect(heatLevel(1000, 1000)).toBe(4);
    expect(heatLevel(1, 1000)).toBe(1);
    expect(heatLevel(30, 1000)).toBe(2);
  });
});

describe('entryPath', () => {
  it("is the entry's profile", () => {
    expect(entryPath('dream', 12)).toBe('/dreams/12/profile');
    expect(entryPath('media', 3)).toBe('/medias/3/profile');
    expect(entryPath('record', 4)).toBe('/records/4/profile');
  });
});
