import type { RecordEntity, RecordRevisionData } from '@kinfolio/contract';
import { changedWords, wordDiff, type DiffPart } from '@/shared/content/textDiff';

/** The record's texts compared word by word in the history, in the order shown. */
export const DIFF_TEXTS = ['title', 'summary', 'info', 'rawtranscription'] as const;
export type DiffText = (typeof DIFF_TEXTS)[number];

/** The other fields, named when they differ. */
export const DIFF_FIELDS = [
  'number',
  'face',
  'lang',
  'owner',
  'registration_date',
  'location',
  'people',
] as const;
export type DiffField = (typeof DIFF_FIELDS)[number];

export interface RecordDiff {
  texts: Partial<Record<DiffText, DiffPart[]>>;
  fields: DiffField[];
  wordsAdded: number;
  wordsRemoved: number;
  same: boolean;
}

const day = (value: string | null) => (value ? new Date(value).getTime() : null);

/** What the current record changed relative to a stored version. */
export function recordDiff(old: RecordRevisionData, current: RecordEntity): RecordDiff {
  const texts: RecordDiff['texts'] = {};
  const all: DiffPart[] = [];
  for (const field of DIFF_TEXTS) {
    if (old[field] === current[field]) continue;
    const parts = wordDiff(old[field], current[field]);
    texts[field] = parts;
    all.push(...parts);
  }
  const fields = DIFF_FIELDS.filter((field) => {
    switch (field) {
      case 'people': {
        const before = [...old.people].sort((a, b) => a - b).join(',');
        const now = current.people
          .map((p) => p.id)
          .sort((a, b) => a - b)
          .join(',');
        return before !== now;
      }
      case 'registration_date':
        return day(old.registration_date) !== day(current.registration_date);
      default:
        return old[field] !== current[field];
    }
  });
  const { added, removed } = changedWords(all);
  return {
    texts,
    fields,
    wordsAdded: added,
    wordsRemoved: removed,
    same: Object.keys(texts).length === 0 && fields.length === 0,
  };
}
