import { SHARE_ITEM_TARGETS, shareItemType, type ShareTargetType } from '@kinfolio/contract';
import sanitizeHtml from 'sanitize-html';

/** What a link inside shared content points to in the archive itself. */
type InnerRef =
  | { kind: 'item'; id: number; target: ShareTargetType }
  | { kind: 'record'; id: number }
  | { kind: 'file'; id: number }
  | { kind: 'other' };

const ITEM_PAGE = new RegExp(`^/(${SHARE_ITEM_TARGETS.join('|')})/(\\d+)(?:/|$)`);
const RECORD_PAGE = /^\/records\/(\d+)(?:\/|$)/;
const FILE = /^\/api\/files\/(\d+)$/;

/**
 * Whether an address points into the archive (a relative one, or one on its own origin), and to
 * what; undefined for an address elsewhere on the web.
 */
export function innerRef(address: string, appUrl: string): InnerRef | undefined {
  let url: URL;
  try {
    url = new URL(address, appUrl);
  } catch {
    return { kind: 'other' };
  }
  if (url.origin !== new URL(appUrl).origin) return undefined;
  const item = ITEM_PAGE.exec(url.pathname);
  if (item) {
    const target = item[1] as ShareTargetType;
    return { kind: 'item', id: Number(item[2]), target };
  }
  const record = RECORD_PAGE.exec(url.pathname);
  if (record) return { kind: 'record', id: Number(record[1]) };
  const file = FILE.exec(url.pathname);
  if (file) return { kind: 'file', id: Number(file[1]) };
  return { kind: 'other' };
}

/** The inner references of some HTML's links and images, to check against the share at once. */
export function innerRefsOf(html: string, appUrl: string): InnerRef[] {
  const refs: InnerRef[] = [];
  sanitizeHtml(html, {
    allowedTags: ['a', 'img'],
    allowedAttributes: { a: ['href'], img: ['src'] },
    transformTags: {
      a: (tagName, attribs) => {
        const ref = attribs.href ? innerRef(attribs.href, appUrl) : undefined;
        if (ref) refs.push(ref);
        return { tagName, attribs };
      },
      img: (tagName, attribs) => {
        const ref = attribs.src ? innerRef(attribs.src, appUrl) : undefined;
        if (ref) refs.push(ref);
        return { tagName, attribs };
      },
    },
  });
  return refs;
}

/** What of the archive the content may point to through the link, and where. */
export interface Reachable {
  items: Set<number>;
  records: Set<number>;
  /** Files of the share: their public address (a thumbnail for pictures, else the original). */
  files: Map<number, string>;
  /** The item type of each reachable item. */
  itemTypes: Map<number, string>;
  token: string;
}

/** Marks a picture of the archive that the share does not reach, for the filter to drop. */
const DROP = 'data-kinfolio-drop';

/**
 * Shared content as the page shows it: links to items and records of the share lead to their
 * place on the share's page, links to anything else of the archive become plain text, and
 * pictures of the archive show only when the file is part of the share (through the link).
 * Addresses elsewhere on the web stay, and open without telling where they were found.
 */
export function rewriteContent(html: string, appUrl: string, reachable: Reachable): string {
  const page = `/s/${encodeURIComponent(reachable.token)}`;
  return sanitizeHtml(html, {
    // The content is the app's sanitised HTML already (sanitizeContent): only its addresses change.
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    // Sees the attributes as transformTags left them.
    exclusiveFilter: (frame) => frame.tag === 'img' && frame.attribs[DROP] !== undefined,
    transformTags: {
      a: (tagName, attribs) => {
        const ref = innerRef(attribs.href ?? '', appUrl);
        if (!ref) return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
        const inner = { title: attribs.title ?? '' };
        if (
          ref.kind === 'item' &&
          reachable.items.has(ref.id) &&
          shareItemType(ref.target) === reachable.itemTypes.get(ref.id)
        ) {
          return { tagName, attribs: { ...inner, href: `${page}/items/${ref.id}` } };
        }
        if (ref.kind === 'record' && reachable.records.has(ref.id)) {
          return { tagName, attribs: { ...inner, href: `${page}/records/${ref.id}` } };
        }
        if (ref.kind === 'file' && reachable.files.has(ref.id)) {
          return { tagName, attribs: { ...inner, href: reachable.files.get(ref.id)! } };
        }
        return { tagName: 'span', attribs: {} };
      },
      img: (tagName, attribs) => {
        const ref = innerRef(attribs.src ?? '', appUrl);
        if (!ref) return { tagName, attribs };
        if (ref.kind === 'file' && reachable.files.has(ref.id)) {
          return { tagName, attribs: { ...attribs, src: reachable.files.get(ref.id)! } };
        }
        return { tagName, attribs: { [DROP]: '' } };
      },
    },
  });
}
