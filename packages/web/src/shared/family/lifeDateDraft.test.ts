import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, fromDraft, toDraft } from './lifeDateDraft';

describe('the life date editor’s fields', () => {
  it('make nothing of an empty year', () => {
    expect(fromDraft(EMPTY_DRAFT)).toBeNull();
    expect(fromDraft({ ...EMPTY_DRAFT, qualifier: 'about', year: ' ' })).toBeNull();
    expect(fromDraft({ ...EMPTY_DRAFT, qualifier: 'phrase', phrase: '  ' })).toBeNull();
  });

  it('read a year, a month and a day, dropping a day without its month', () => {
    expect(fromDraft({ ...EMPTY_DRAFT, qualifier: 'about', year: '1948' })).toEqual({
      qualifier: 'about',
      start: { year: 1948 },
    });
    expect(fromDraft({ ...EMPTY_DRAFT, year: '1931', month: '3', day: '12' })).toEqual({
      qualifier: 'exact',
      start: { year: 1931, month: 3, day: 12 },
    });
    expect(fromDraft({ ...EMPTY_DRAFT, year: '1931', day: '12' })).toEqual({
      qualifier: 'exact',
      start: { year: 1931 },
    });
  });

  it('read a range, and a range without its end as "about"', () => {
    const between = {
      ...EMPTY_DRAFT,
      qualifier: 'between' as const,
      year: '1920',
      endYear: '1922',
    };
    expect(fromDraft(between)).toEqual({
      qualifier: 'between',
      start: { year: 1920 },
      end: { year: 1922 },
    });
    expect(fromDraft({ ...between, endYear: '' })).toEqual({
      qualifier: 'about',
      start: { year: 1920 },
    });
  });

  it('keep words as a phrase, and give a saved date back to the fields', () => {
    expect(fromDraft({ ...EMPTY_DRAFT, qualifier: 'phrase', phrase: ' Pâques 1920 ' })).toEqual({
      qualifier: 'phrase',
      phrase: 'Pâques 1920',
    });
    const saved = {
      qualifier: 'between' as const,
      start: { year: 1920, month: 5 },
      end: { year: 1922 },
    };
    expect(toDraft(saved)).toMatchObject({
      qualifier: 'between',
      year: '1920',
      month: '5',
      endYear: '1922',
    });
    expect(fromDraft(toDraft(saved))).toEqual(saved);
    expect(toDraft(null)).toEqual(EMPTY_DRAFT);
  });
});
