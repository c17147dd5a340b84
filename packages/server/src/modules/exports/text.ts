import sanitizeHtml from 'sanitize-html';

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };
const BLOCK_END = /<\/(p|div|h[1-6]|li|blockquote|pre|tr|figcaption|caption|table)>|<br\s*\/?>/gi;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': '\u00a0',
};

/**
 * An item's content as readable text for the exports: each paragraph, heading or list entry on
 * its own line (a blank line between paragraphs), list entries bulleted, entities decoded.
 */
export function readableText(html: string): string {
  const marked = html
    .replace(/<li[^>]*>/gi, (start) => `${start}• `)
    .replace(BLOCK_END, (end) =>
      /^<br/i.test(end) ? '\n' : /li>$/i.test(end) ? `${end}\n` : `${end}\n\n`,
    );
  return sanitizeHtml(marked, TEXT_ONLY)
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity]!)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
