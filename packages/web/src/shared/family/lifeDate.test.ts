import type { LifeDate } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { compareLifeDates, formatLifeDate, formatPartialDate, lifeSpan } from './lifeDate';

const about1948: LifeDate = { qualifier: 'about', start: { year: 1948 } };

describe('partial dates in the interface language', () => {
  it('says "about 1948" in each language', () => {
    expect(formatLifeDate(about1948, 'fr')).toBe('vers 1948');
    expect(formatLifeDate(about1948, 'en')).toBe('about 1948');
    expect(formatLifeDate(about1948, 'it')).toBe('circa 1948');
    expect(formatLifeDate(about1948, 'de')).toBe('um 1948');
  });

  it('writes a year alone, a month of a year and a full day with Intl', () => {
    expect(formatPartialDate({ year: 1925 }, 'fr')).toBe('1925');
    expect(formatPartialDate({ year: 1931, month: 3 }, 'fr')).toBe('mars 1931');
    expect(formatPartialDate({ year: 1931, month: 3 }, 'de')).toBe('März 1931');
    expect(formatPartialDate({ year: 1931, month: 3, day: 12 }, 'en')).toBe('March 12, 1931');
    expect(formatPartialDate({ year: 1931, month: 3, day: 12 }, 'it')).toBe('12 marzo 1931');
    // No time zone moves the first of a month to the day before.
    expect(formatPartialDate({ year: 1900, month: 1, day: 1 }, 'fr')).toBe('1 janvier 1900');
  });

  it('keeps years before 100 as they are', () => {
    expect(formatPartialDate({ year: 45, month: 6 }, 'en')).toContain('45');
    expect(formatPartialDate({ year: 45, month: 6 }, 'en')).not.toContain('1945');
  });

  it('says ranges, before and after', () => {
    const between: LifeDate = { qualifier: 'between', start: { year: 1920 }, end: { year: 1922 } };
    expect(formatLifeDate(between, 'en')).toBe('between 1920 and 1922');
    expect(formatLifeDate(between, 'fr')).toBe('entre 1920 et 1922');
    expect(formatLifeDate(between, 'de')).toBe('zwischen 1920 und 1922');
    expect(formatLifeDate({ qualifier: 'before', start: { year: 1931, month: 5 } }, 'fr')).toBe(
      'avant mai 1931',
    );
    expect(formatLifeDate({ qualifier: 'after', start: { year: 1931 } }, 'it')).toBe(
      'dopo il 1931',
    );
  });

  it('gives a phrase back as written, and years alone for the tree', () => {
    expect(formatLifeDate({ qualifier: 'phrase', phrase: 'Pâques 1920' }, 'en')).toBe(
      'Pâques 1920',
    );
    const day: LifeDate = { qualifier: 'about', start: { year: 1948, month: 5, day: 2 } };
    expect(formatLifeDate(day, 'de', true)).toBe('um 1948');
  });

  it('spans a life from what is known', () => {
    const birth = { date: about1948, place: null };
    const death = { date: { qualifier: 'exact' as const, start: { year: 2010 } }, place: null };
    expect(lifeSpan({ birth, death }, 'fr')).toBe('vers 1948 – 2010');
    expect(lifeSpan({ birth, death: null }, 'en')).toBe('about 1948 –');
    expect(lifeSpan({ birth: null, death }, 'en')).toBe('– 2010');
    expect(lifeSpan({ birth: null, death: null }, 'en')).toBe('');
  });

  it('orders dates, the undated last', () => {
    const dates: (LifeDate | null)[] = [
      null,
      about1948,
      { qualifier: 'exact', start: { year: 1900 } },
    ];
    expect(dates.sort(compareLifeDates).map((d) => d?.start?.year ?? null)).toEqual([
      1900,
      1948,
      null,
    ]);
  });
});
