import type { UiLanguage } from '@kinfolio/contract';
import { dateTimeFormat } from '@/shared/intl';

/** The long format's month names (CLDR, as `Intl` writes them) in the interface languages. */
const MONTHS: Record<UiLanguage, readonly string[]> = {
  fr: 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(
    ' ',
  ),
  en: 'January February March April May June July August September October November December'.split(
    ' ',
  ),
  it: 'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'.split(
    ' ',
  ),
  de: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(
    ' ',
  ),
};

/**
 * `Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' })` for the interface
 * languages and four-digit years, without `Intl`: the first date or number format a page creates
 * loads the browser's locale data, 40-50 ms of one task in Debian's Chromium, on every list's
 * first render. Null where `Intl` must answer. dates.test.ts holds it to `Intl`'s output.
 */
export function longUtcDate(language: string, date: Date): string | null {
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return null;
  const day = date.getUTCDate();
  const month = MONTHS[language as UiLanguage]?.[date.getUTCMonth()];
  switch (language) {
    case 'en':
      return `${month} ${day}, ${year}`;
    case 'de':
      return `${day}. ${month} ${year}`;
    case 'fr':
    case 'it':
      return `${day} ${month} ${year}`;
    default:
      return null;
  }
}

/**
 * A date as the interface writes it. Dates are calendar dates stored at UTC midnight: shown in UTC
 * so the day never shifts; with its time, in the reader's time zone.
 */
export function formatDate(language: string, iso: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (!withTime) {
    const quick = longUtcDate(language, date);
    if (quick !== null) return quick;
  }
  return dateTimeFormat(language, {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : { timeZone: 'UTC' }),
  }).format(date);
}
