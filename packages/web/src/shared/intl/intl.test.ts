import { describe, expect, it } from 'vitest';
import { compareIn, dateTimeFormat, numberFormat } from './index';

describe('shared Intl formatters', () => {
  it('gives the same formatter for the same language and options, another for others', () => {
    const long = dateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' });
    expect(dateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe(long);
    expect(dateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' })).not.toBe(long);
    expect(dateTimeFormat('fr', { dateStyle: 'short', timeZone: 'UTC' })).not.toBe(long);
    expect(long.format(new Date('2024-03-12T00:00:00Z'))).toBe('12 mars 2024');
    expect(numberFormat('de', { maximumFractionDigits: 1 }).format(2.45)).toBe('2,5');
  });

  it('sorts as localeCompare does in the language', () => {
    const words = ['zèbre', 'Émile', 'abricot', 'élan', 'Zoé'];
    for (const language of ['fr', 'de', undefined]) {
      expect([...words].sort(compareIn(language))).toEqual(
        [...words].sort((a, b) => a.localeCompare(b, language)),
      );
    }
  });
});
