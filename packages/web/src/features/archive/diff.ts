import type { Item, RevisionData } from '@kinfolio/contract';
import { diffWords } from 'diff';

export interface DiffPart {
  text: string;
  /** Present in the current version only. */
  added?: boolean;
  /** Present in the old version only. */
  removed?: boolean;
}

/** The readable text of sanitised HTML content: block ends become line breaks. */
export function htmlToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(
    html.replace(/<\/(p|h[1-6]|li|blockquote|div)>|<br\s*\/?>/gi, (tag) => `${tag}\n`),
    'text/html',
  );
  return (doc.body.textContent ?? '')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** Word diff from an old text to the current one. */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((change) => ({
    text: change.value,
    ...(change.added ? { added: true } : {}),
    ...(change.removed ? { removed: true } : {}),
  }));
}

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Long unchanged stretches shortened to their first and last `context` words around an
 * ellipsis, so a one-word change in a long letter stays visible.
 */
export function condense(parts: DiffPart[], context = 8): DiffPart[] {
  return parts.map((part, index) => {
    if (part.added || part.removed) return part;
    const words = part.text.trim().split(/\s+/).filter(Boolean);
    const keepHead = index === 0 ? 0 : context;
    const keepTail = index === parts.length - 1 ? 0 : context;
    if (words.length <= keepHead + keepTail + 4) return part;
    const pieces: string[] = [];
    if (keepHead) pieces.push(words.slice(0, keepHead).join(' '));
    pieces.push('…');
    if (keepTail) pieces.push(words.slice(-keepTail).join(' '));
    const lead = /^\s/.test(part.text) ? ' ' : '';
    const trail = /\s$/.test(part.text) ? ' ' : '';
    return { text: `${lead}${pieces.join(' ')}${trail}` };
  });
}

export type ChangedField = 'from' | 'to' | 'tags' | 'categories' | 'date' | 'language' | 'status';

export interface RevisionDiff {
  title: DiffPart[];
  content: DiffPart[];
  wordsAdded: number;
  wordsRemoved: number;
  /** Other fields whose value differs from the current version. */
  changedFields: ChangedField[];
  /** Nothing differs (the revision equals the current version). */
  same: boolean;
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/** What `current` changed relative to the stored version `old` (spec: history screen). */
export function revisionDiff(old: RevisionData, current: Item): RevisionDiff {
  const title = wordDiff(old.title, current.title);
  const content = wordDiff(htmlToText(old.content), htmlToText(current.content));
  let wordsAdded = 0;
  let wordsRemoved = 0;
  for (const part of [...title, ...content]) {
    if (part.added) wordsAdded += countWords(part.text);
    if (part.removed) wordsRemoved += countWords(part.text);
  }
  const changedFields: ChangedField[] = [];
  const ids = (refs: readonly { id: number }[]) => refs.map((r) => r.id);
  for (const field of ['from', 'to', 'tags', 'categories'] as const) {
    if (!sameIds(old[field], ids(current[field]))) changedFields.push(field);
  }
  if (Date.parse(old.date) !== Date.parse(current.date)) changedFields.push('date');
  if (old.language !== current.language) changedFields.push('language');
  if (old.status !== current.status) changedFields.push('status');
  const textChanged = [...title, ...content].some((p) => p.added || p.removed);
  return {
    title,
    content,
    wordsAdded,
    wordsRemoved,
    changedFields,
    same: !textChanged && changedFields.length === 0 && old.content === current.content,
  };
}
