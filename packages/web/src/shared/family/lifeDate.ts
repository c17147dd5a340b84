import {
  partialDateKey,
  type LifeDate,
  type LifeDateQualifier,
  type ParticipantLife,
  type PartialDate,
} from '@kinfolio/contract';
import { dateTimeFormat } from '@/shared/intl';

type Words = Record<Exclude<LifeDateQualifier, 'exact' | 'phrase' | 'between'>, string> & {
  between: string;
};

/*
 * The qualifiers' words live here rather than in a locale bundle: the tree formats thousands of
 * boxes outside React (its renderer), and a formatter that needs no loaded namespace stays pure.
 * `{d}` is the date, `{a}` and `{b}` a range's ends.
 */
const WORDS: Record<string, Words> = {
  fr: {
    about: 'vers {d}',
    estimated: 'estimé {d}',
    calculated: 'calculé {d}',
    before: 'avant {d}',
    after: 'après {d}',
    between: 'entre {a} et {b}',
  },
  en: {
    about: 'about {d}',
    estimated: 'estimated {d}',
    calculated: 'calculated {d}',
    before: 'before {d}',
    after: 'after {d}',
    between: 'between {a} and {b}',
  },
  it: {
    about: 'circa {d}',
    estimated: 'stimato {d}',
    calculated: 'calcolato {d}',
    before: 'prima del {d}',
    after: 'dopo il {d}',
    between: 'tra il {a} e il {b}',
  },
  de: {
    about: 'um {d}',
    estimated: 'geschätzt {d}',
    calculated: 'errechnet {d}',
    before: 'vor {d}',
    after: 'nach {d}',
    between: 'zwischen {a} und {b}',
  },
};

const wordsOf = (language: string): Words => WORDS[language.split('-')[0] ?? ''] ?? WORDS.en!;

/** The day a partial date names, at noon UTC so that no time zone moves it. */
function utcDay(date: PartialDate): Date {
  const day = new Date(Date.UTC(2000, (date.month ?? 1) - 1, date.day ?? 1, 12));
  // Date.UTC maps years 0–99 to 1900–1999: the year is set apart.
  day.setUTCFullYear(date.year);
  return day;
}

/** "1948", "March 1948" / "mars 1948", "12 March 1948" / "12 mars 1948". */
export function formatPartialDate(date: PartialDate, language: string, yearOnly = false): string {
  if (yearOnly || date.month === undefined) return String(date.year);
  const options: Intl.DateTimeFormatOptions =
    date.day === undefined
      ? { year: 'numeric', month: 'long', timeZone: 'UTC' }
      : { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
  return dateTimeFormat(language, options).format(utcDay(date));
}

/**
 * A life's date in the interface language: "about 1948", "vers 1948", "circa 1948", "um 1948";
 * "between 1920 and 1922"; "before 3 May 1931"; a phrase as written. `yearOnly` keeps the years
 * (the tree's boxes).
 */
export function formatLifeDate(date: LifeDate, language: string, yearOnly = false): string {
  if (date.qualifier === 'phrase' || !date.start) return date.phrase ?? '';
  const words = wordsOf(language);
  const start = formatPartialDate(date.start, language, yearOnly);
  switch (date.qualifier) {
    case 'exact':
      return start;
    case 'between':
      return words.between
        .replace('{a}', start)
        .replace('{b}', date.end ? formatPartialDate(date.end, language, yearOnly) : '…');
    default:
      return words[date.qualifier].replace('{d}', start);
  }
}

/** "1890 – 1975", "about 1948 –", "– 1917": the years of a life, or '' when none is known. */
export function lifeSpan(life: Pick<ParticipantLife, 'birth' | 'death'>, language: string): string {
  const birth = life.birth?.date ? formatLifeDate(life.birth.date, language, true) : '';
  const death = life.death?.date ? formatLifeDate(life.death.date, language, true) : '';
  if (!birth && !death) return '';
  return `${birth} – ${death}`.trim();
}

/** The year a life's date stands for (a range's start), for grouping by period; null if none. */
export function yearOf(date: LifeDate | null | undefined): number | null {
  return date?.start?.year ?? null;
}

/** Orders life dates (undated last), a range by its start. */
export function compareLifeDates(a: LifeDate | null, b: LifeDate | null): number {
  const key = (date: LifeDate | null) =>
    date?.start ? partialDateKey(date.start) : Number.MAX_SAFE_INTEGER;
  return key(a) - key(b);
}
