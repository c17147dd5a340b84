import type { LifeDate, LifeDateQualifier, PartialDate } from '@kinfolio/contract';

/** A life date as its editor's fields hold it (text, so that a half-typed year stays). */
export interface LifeDateDraft {
  qualifier: LifeDateQualifier;
  year: string;
  month: string;
  day: string;
  endYear: string;
  endMonth: string;
  endDay: string;
  phrase: string;
}

export const EMPTY_DRAFT: LifeDateDraft = {
  qualifier: 'exact',
  year: '',
  month: '',
  day: '',
  endYear: '',
  endMonth: '',
  endDay: '',
  phrase: '',
};

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

export function toDraft(date: LifeDate | null | undefined): LifeDateDraft {
  if (!date) return EMPTY_DRAFT;
  return {
    qualifier: date.qualifier,
    year: text(date.start?.year),
    month: text(date.start?.month),
    day: text(date.start?.day),
    endYear: text(date.end?.year),
    endMonth: text(date.end?.month),
    endDay: text(date.end?.day),
    phrase: date.phrase ?? '',
  };
}

const number = (value: string) => {
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
};

function partial(year: string, month: string, day: string): PartialDate | undefined {
  const y = number(year);
  if (y === undefined) return undefined;
  const m = number(month);
  const d = m === undefined ? undefined : number(day);
  return {
    year: y,
    ...(m === undefined ? {} : { month: m }),
    ...(d === undefined ? {} : { day: d }),
  };
}

/**
 * What the fields say as the API's life date: null when no year (or no words) is given. A day
 * without a month is dropped; the server judges the rest (31 February, a range ending before it
 * starts) and answers in the interface language.
 */
export function fromDraft(draft: LifeDateDraft): LifeDate | null {
  if (draft.qualifier === 'phrase') {
    const phrase = draft.phrase.trim();
    return phrase ? { qualifier: 'phrase', phrase } : null;
  }
  const start = partial(draft.year, draft.month, draft.day);
  if (!start) return null;
  if (draft.qualifier !== 'between') return { qualifier: draft.qualifier, start };
  const end = partial(draft.endYear, draft.endMonth, draft.endDay);
  // "Between 1920 and …" without an end is a year alone: `between` needs both.
  return end ? { qualifier: 'between', start, end } : { qualifier: 'about', start };
}
