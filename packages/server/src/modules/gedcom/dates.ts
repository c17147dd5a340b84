import { FAMILY_LIMITS, lifeDateSchema } from '@kinfolio/contract';
import type { LifeDate, PartialDate } from './kinds.js';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Qualifiers that take one date, in GEDCOM's words and the spellings some programs use. */
const SINGLE: Record<string, LifeDate['qualifier']> = {
  ABT: 'about',
  ABOUT: 'about',
  CIRCA: 'about',
  CA: 'about',
  'CA.': 'about',
  EST: 'estimated',
  CAL: 'calculated',
  BEF: 'before',
  BEFORE: 'before',
  AFT: 'after',
  AFTER: 'after',
};

const PREFIX: Partial<Record<LifeDate['qualifier'], string>> = {
  about: 'ABT',
  estimated: 'EST',
  calculated: 'CAL',
  before: 'BEF',
  after: 'AFT',
};

/** A phrase as the contract keeps it: trimmed, at most the limit, never empty. */
function clip(text: string): string | undefined {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (trimmed === '') return undefined;
  return Array.from(trimmed).slice(0, FAMILY_LIMITS.datePhraseMaxLength).join('').trim();
}

function asPhrase(text: string): LifeDate | null {
  const phrase = clip(text);
  return phrase === undefined ? null : { qualifier: 'phrase', phrase };
}

/**
 * One calendar date: "12 MAR 1931", "MAR 1931", "1931", "1700/01" (a dual year: the later, the
 * year as counted from January, is kept), with an optional "@#DGREGORIAN@" or "GREGORIAN" in
 * front. Undefined for any other calendar, "B.C." or a day that does not exist.
 */
function parseOne(text: string): PartialDate | undefined {
  const words = text
    .trim()
    .replace(/^@#DGREGORIAN@\s*/i, '')
    .replace(/^GREGORIAN\s+/i, '')
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0 || words.length > 3) return undefined;
  const yearWord = words[words.length - 1] ?? '';
  const match = /^(\d{1,4})(?:\/(\d{1,2}))?$/.exec(yearWord);
  if (!match) return undefined;
  let year = Number(match[1]);
  if (match[2] !== undefined) {
    // "1700/01": the year that ended in March under the old style; January's count says 1701.
    const next = year + 1;
    if (next % 10 ** match[2].length !== Number(match[2]) % 10 ** match[2].length) return undefined;
    year = next;
  }
  if (year < 1 || year > 9999) return undefined;
  const date: PartialDate = { year };
  if (words.length >= 2) {
    const month = MONTHS.indexOf((words[words.length - 2] ?? '').toUpperCase());
    if (month < 0) return undefined;
    date.month = month + 1;
  }
  if (words.length === 3) {
    const day = words[0] ?? '';
    if (!/^\d{1,2}$/.test(day)) return undefined;
    date.day = Number(day);
  }
  return date;
}

function valid(date: LifeDate): LifeDate | null {
  return lifeDateSchema.safeParse(date).success ? date : null;
}

/**
 * A GEDCOM date value (5.5.1 or 7.0) as a LifeDate: ABT/EST/CAL/BEF/AFT, BET…AND and FROM…TO as
 * `between` (FROM alone as `after`, TO alone as `before`), "INT date (words)" (Gramps: "date
 * (words)"), "(words)".
 * `phrase` is 7.0's PHRASE line under the date (or our `_PHRASE` in 5.5.1 files). What cannot be
 * read as a Gregorian date is kept whole as a phrase, never dropped. Null for an empty value.
 */
export function parseGedcomDate(
  value: string | null | undefined,
  phrase?: string,
): LifeDate | null {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  const extraPhrase = phrase === undefined ? undefined : clip(phrase);
  if (text === '') return extraPhrase === undefined ? null : asPhrase(extraPhrase);
  const whole = (): LifeDate | null => asPhrase(extraPhrase ?? text);
  const withPhrase = (date: LifeDate): LifeDate | null => {
    const result = extraPhrase === undefined ? date : { ...date, phrase: extraPhrase };
    return valid(result) ?? whole();
  };

  const quoted = /^\((.*)\)$/s.exec(text);
  if (quoted) return asPhrase(quoted[1] ?? '') ?? whole();

  // Gramps writes a date with words as "1930 (words)", without the INT.
  const interpreted = /^(?:INT\s+)?(\S.*?)\s*\((.*)\)$/is.exec(text);
  if (interpreted) {
    const start = parseOne(interpreted[1] ?? '');
    const words = clip(interpreted[2] ?? '');
    if (!start) return whole();
    return valid({ qualifier: 'exact', start, ...(words ? { phrase: words } : {}) }) ?? whole();
  }

  const range = /^(?:BET|BETWEEN)\s+(.+?)\s+AND\s+(.+)$/i.exec(text);
  const period = /^FROM\s+(.+?)\s+TO\s+(.+)$/i.exec(text);
  const pair = range ?? period;
  if (pair) {
    const start = parseOne(pair[1] ?? '');
    const end = parseOne(pair[2] ?? '');
    if (!start || !end) return whole();
    return withPhrase({ qualifier: 'between', start, end });
  }

  const [first = '', ...rest] = text.split(' ');
  const upper = first.toUpperCase();
  const single = SINGLE[upper] ?? (upper === 'FROM' ? 'after' : upper === 'TO' ? 'before' : null);
  if (single && rest.length > 0) {
    const start = parseOne(rest.join(' '));
    return start ? withPhrase({ qualifier: single, start }) : whole();
  }

  const start = parseOne(text);
  return start ? withPhrase({ qualifier: 'exact', start }) : whole();
}

function formatOne(date: PartialDate): string {
  const parts: string[] = [];
  if (date.day !== undefined) parts.push(String(date.day));
  if (date.month !== undefined) parts.push(MONTHS[date.month - 1] ?? '');
  parts.push(String(date.year));
  return parts.join(' ');
}

/**
 * A LifeDate as a GEDCOM 5.5.1 (a phrase is read back up to its last parenthesis, so any it
 * holds survive) date value, and the words to write under it as `_PHRASE` when
 * 5.5.1 has no room for them ("about 1948" said with words).
 */
export function formatGedcomDate(date: LifeDate): { value: string; phrase?: string } {
  if (date.qualifier === 'phrase') return { value: `(${date.phrase ?? ''})` };
  if (!date.start) return { value: '' };
  const start = formatOne(date.start);
  if (date.qualifier === 'exact') {
    return date.phrase ? { value: `INT ${start} (${date.phrase})` } : { value: start };
  }
  const value =
    date.qualifier === 'between'
      ? `BET ${start} AND ${formatOne(date.end ?? date.start)}`
      : `${PREFIX[date.qualifier] ?? ''} ${start}`;
  return date.phrase ? { value, phrase: date.phrase } : { value };
}
