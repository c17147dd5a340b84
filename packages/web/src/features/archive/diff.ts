import type { Item, RevisionData } from '@kinfolio/contract';
import { changedWords, htmlToText, wordDiff, type DiffPart } from '@/shared/content/textDiff';
import { changedOwnFields } from './ownFields';

export type ChangedField = 'from' | 'to' | 'tags' | 'categories' | 'date' | 'language' | 'status';

export interface RevisionDiff {
  title: DiffPart[];
  content: DiffPart[];
  wordsAdded: number;
  wordsRemoved: number;
  /** Other fields whose value differs from the current version. */
  changedFields: ChangedField[];
  /** The type's own fields (`ownFields`) whose value differs. */
  changedOwnFields: string[];
  /** Nothing differs (the revision equals the current version). */
  same: boolean;
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/** What `current` changed relative to the stored version `old` (spec: history screen). */
export function revisionDiff(old: RevisionData, current: Item): RevisionDiff {
  const title = wordDiff(old.title, current.title);
  const content = wordDiff(htmlToText(old.content), htmlToText(current.content));
  const { added: wordsAdded, removed: wordsRemoved } = changedWords([...title, ...content]);
  const changedFields: ChangedField[] = [];
  const ids = (refs: readonly { id: number }[]) => refs.map((r) => r.id);
  for (const field of ['from', 'to', 'tags', 'categories'] as const) {
    if (!sameIds(old[field], ids(current[field]))) changedFields.push(field);
  }
  if (Date.parse(old.date) !== Date.parse(current.date)) changedFields.push('date');
  if (old.language !== current.language) changedFields.push('language');
  if (old.status !== current.status) changedFields.push('status');
  const ownChanged = changedOwnFields(current.type, old.fields, current.fields);
  const textChanged = [...title, ...content].some((p) => p.added || p.removed);
  return {
    title,
    content,
    wordsAdded,
    wordsRemoved,
    changedFields,
    changedOwnFields: ownChanged,
    same:
      !textChanged &&
      changedFields.length === 0 &&
      ownChanged.length === 0 &&
      old.content === current.content,
  };
}
