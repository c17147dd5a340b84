import { diffWords } from 'diff';

/** Word diffs of plain text, for the history screens of items and records. */
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

/** How many words the current version added and removed, over all the diffs given. */
export function changedWords(parts: readonly DiffPart[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const part of parts) {
    if (part.added) added += countWords(part.text);
    if (part.removed) removed += countWords(part.text);
  }
  return { added, removed };
}

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
