import { changedWords, condense, wordDiff, type DiffPart } from '@/shared/content/textDiff';

/** A text of an entry compared word by word in its history. */
export interface DiffText<Old, Current> {
  /** The field's name (its label comes from the kind's definition). */
  name: string;
  old: (old: Old) => string;
  current: (current: Current) => string;
  /** What the words are read from (an HTML content: its text). */
  words?: (raw: string) => string;
  /** Long texts show only the changes and a few words around them. */
  condense?: boolean;
}

/** Another field of an entry, named when it differs. */
export interface DiffField<Old, Current> {
  name: string;
  same: (old: Old, current: Current) => boolean;
}

/** How a kind's stored versions are compared with its current entry. */
export interface DiffSpec<Old, Current> {
  /** In the order shown. */
  texts: readonly DiffText<Old, Current>[];
  fields: readonly DiffField<Old, Current>[];
}

export interface EntityDiff {
  /** The texts whose words moved, with their parts. */
  texts: { name: string; parts: DiffPart[] }[];
  /** The other fields that differ. */
  fields: string[];
  wordsAdded: number;
  wordsRemoved: number;
  /** Nothing differs: the stored version equals the current one. */
  same: boolean;
}

/** The same ids, in any order. */
export const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/** The same instant, whichever way it was written (`1987-07-14` or with its time). */
export const sameTime = (a: string | null, b: string | null) =>
  (a ? Date.parse(a) : null) === (b ? Date.parse(b) : null);

/** What the current entry changed relative to a stored version. */
export function entityDiff<Old, Current>(
  spec: DiffSpec<Old, Current>,
  old: Old,
  current: Current,
): EntityDiff {
  const texts: EntityDiff['texts'] = [];
  const all: DiffPart[] = [];
  let textsSame = true;
  for (const text of spec.texts) {
    const before = text.old(old);
    const after = text.current(current);
    if (before === after) continue;
    textsSame = false;
    const words = text.words ?? ((raw: string) => raw);
    const parts = wordDiff(words(before), words(after));
    all.push(...parts);
    if (parts.some((part) => part.added || part.removed)) {
      texts.push({ name: text.name, parts: text.condense ? condense(parts) : parts });
    }
  }
  const fields = spec.fields.filter((field) => !field.same(old, current)).map((f) => f.name);
  const { added, removed } = changedWords(all);
  return {
    texts,
    fields,
    wordsAdded: added,
    wordsRemoved: removed,
    same: textsSame && fields.length === 0,
  };
}
