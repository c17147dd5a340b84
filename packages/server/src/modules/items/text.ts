import { foldLetters, LIMITS, searchFold } from '@kinfolio/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Content HTML as the editor (Tiptap) produces it: text structure, links, images and tables.
 * No scripts, styles, event handlers, frames or forms; links only to web, mail and phone
 * addresses; images from http(s) or inline data:image URLs.
 */
const CONTENT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'a', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'mark',
    'span', 'div', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr',
    'th', 'td', 'caption', 'colgroup', 'col',
  ], // prettier-ignore
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    /^data:/i.test(frame.attribs.src ?? '') &&
    !/^data:image\/(png|jpe?g|gif|webp|avif);/i.test(frame.attribs.src ?? ''),
  transformTags: {
    // A link opening a new tab must not hand the archive's window to the page it opens.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, CONTENT_POLICY).trim();
}

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };
const BLOCK_END = /<\/(p|div|h[1-6]|li|blockquote|pre|tr|td|th|figcaption|caption)>|<br\s*\/?>/gi;
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** Sanitised HTML → plain text: blocks separated by spaces, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  const text = sanitizeHtml(
    html.replace(BLOCK_END, (end) => `${end} `),
    TEXT_ONLY,
  );
  return text
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ESCAPED[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `length` characters (code points, so no broken surrogate pairs). */
export function cut(text: string, length: number = LIMITS.previewLength): string {
  // Walked only as far as needed: a preview of a long letter read its whole text before.
  if (text.length <= length) return text;
  let end = 0;
  for (let count = 0; count < length && end < text.length; count++) {
    const code = text.charCodeAt(end);
    const next = text.charCodeAt(end + 1);
    end += code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
  return text.slice(0, end);
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

/** Case, accent and letter folding used to find matches in a snippet ('Œuvre' → 'oeuvre'). */
const fold = searchFold;

/**
 * The words of a search query, as the full-text engines see them: letters and digits only (so no
 * FTS syntax can get through), at most 12, with the letters the indexes spell out (`ß`, `œ`, `æ`…)
 * spelled out the same way (LETTER_FOLDS).
 */
export function searchTerms(query: string): string[] {
  return (query.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).slice(0, 12).map(foldLetters);
}

/**
 * About `radius` characters each side of the first match of any term (prefix match at a word
 * start, case- and accent-insensitive), HTML-escaped, with every match in the window wrapped in
 * <mark></mark>. Empty when nothing matches.
 */
export function snippet(text: string, terms: string[], radius: number = LIMITS.snippetRadius) {
  const chars = Array.from(text);
  // The folded text, with for each folded character the index of the character it came from.
  let folded = '';
  const origin: number[] = [];
  chars.forEach((char, index) => {
    const f = fold(char);
    folded += f;
    for (let k = 0; k < f.length; k++) origin.push(index);
  });
  const keys = terms.map((term) => Array.from(term).map(fold).join('')).filter(Boolean);
  if (keys.length === 0) return '';
  const pattern = keys
    .sort((a, b) => b.length - a.length)
    .map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})`, 'gu');
  const matches: [number, number][] = [];
  for (const m of folded.matchAll(re)) {
    const start = origin[m.index]!;
    const end = origin[m.index + m[0].length - 1]! + 1;
    matches.push([start, end]);
  }
  const first = matches[0];
  if (!first) return '';
  let from = Math.max(0, first[0] - radius);
  let to = Math.min(chars.length, first[1] + radius);
  // Do not start or end in the middle of a word when a space is near.
  if (from > 0) {
    const space = chars.slice(from, first[0]).indexOf(' ');
    if (space >= 0 && space < 15) from += space + 1;
  }
  if (to < chars.length) {
    const space = chars.slice(first[1], to).lastIndexOf(' ');
    if (space >= 0 && to - (first[1] + space) < 15) to = first[1] + space;
  }
  let out = from > 0 ? '…' : '';
  let at = from;
  for (const [start, end] of matches) {
    if (start < at || end > to) continue;
    out += escapeHtml(chars.slice(at, start).join(''));
    out += `<mark>${escapeHtml(chars.slice(start, end).join(''))}</mark>`;
    at = end;
  }
  out += escapeHtml(chars.slice(at, to).join(''));
  return to < chars.length ? `${out}…` : out;
}
