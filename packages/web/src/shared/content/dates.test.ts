import { UI_LANGUAGES } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { longUtcDate } from './dateText';

const DAY_MS = 86_400_000;

describe('longUtcDate', () => {
  it.each(UI_LANGUAGES)('writes every day of 1899-1900 and 2023-2024 as Intl does (%s)', (lang) => {
    const intl = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
    for (const start of [Date.UTC(1899, 0, 1), Date.UTC(2023, 0, 1)]) {
      for (let time = start; time < start + 731 * DAY_MS; time += DAY_MS) {
        const date = new Date(time);
        expect(longUtcDate(lang, date)).toBe(intl.format(date));
      }
    }
  });

  it.each(UI_LANGUAGES)('matches Intl at the ends of the four-digit years (%s)', (lang) => {
    const intl = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
    for (const iso of ['1000-01-01T00:00:00Z', '9999-12-31T00:00:00Z', '2000-02-29T00:00:00Z']) {
      expect(longUtcDate(lang, new Date(iso))).toBe(intl.format(new Date(iso)));
    }
  });

  it('leaves other languages and years to Intl', () => {
    expect(longUtcDate('ar', new Date('2024-05-01T00:00:00Z'))).toBeNull();
    expect(longUtcDate('fr', new Date('0999-12-31T00:00:00Z'))).toBeNull();
    expect(longUtcDate('fr', new Date('+010000-01-01T00:00:00Z'))).toBeNull();
  });
});
