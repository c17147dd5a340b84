import { describe, expect, it } from 'vitest';
import { byPeriod, type DatedEntry } from './periods';

const entry = (key: string, date: string | null): DatedEntry => ({ key, date });

const entries = [
  entry('wedding', '1972-06-10'),
  entry('school', '1955-09-01'),
  entry('letter', null),
  entry('grandfather', '1940-01-01'),
  entry('birthday', '2014-03-02'),
  entry('memorial', '2021-05-05'),
  entry('army', '1966-01-01'),
];

const shape = (periods: ReturnType<typeof byPeriod>) =>
  periods.map((p) => [p.kind, p.entries.map((e) => e.key)]);

describe('a person’s things by period of their life', () => {
  it('groups by age from the birth year, before birth and after death apart', () => {
    // Born 1948, died 2020: school at 7, army at 18, wedding at 24, a birthday at 66.
    expect(shape(byPeriod(entries, 1948, 2020))).toEqual([
      ['before', ['grandfather']],
      ['childhood', ['school']],
      ['youth', ['army', 'wedding']],
      ['later', ['birthday']],
      ['after', ['memorial']],
      ['undated', ['letter']],
    ]);
  });

  it('gives a period its ages', () => {
    const youth = byPeriod(entries, 1948, null).find((p) => p.kind === 'youth');
    expect(youth?.ages).toEqual({ from: 13, to: 24 });
    const later = byPeriod(entries, 1948, null).find((p) => p.kind === 'later');
    expect(later?.ages).toEqual({ from: 65, to: null });
    // Alive: nothing is after their death.
    expect(later?.entries.map((e) => e.key)).toEqual(['birthday', 'memorial']);
  });

  it('groups by decade without a birth year', () => {
    expect(
      byPeriod(entries, null, null).map((p) => [p.kind, p.decade ?? null, p.entries.length]),
    ).toEqual([
      ['decade', 1940, 1],
      ['decade', 1950, 1],
      ['decade', 1960, 1],
      ['decade', 1970, 1],
      ['decade', 2010, 1],
      ['decade', 2020, 1],
      ['undated', null, 1],
    ]);
  });
});
