import { SHARE_LIMITS } from '@kinfolio/contract';
import { useSyncExternalStore } from 'react';

/**
 * The share page's addresses, read from the browser's location: the page has three of them and
 * no need of the app's router (whose code would be most of what a phone downloads). `/s/{token}`
 * (a list share: `?page=` and `?q=`), `/s/{token}/items/{id}` and `/s/{token}/records/{id}`.
 */
export interface PublicLocation {
  token: string;
  /** An entry of a list share, opened from the list or a link in a text. */
  entry: { kind: 'items' | 'records'; id: number } | null;
  page: number;
  q: string;
}

const PATTERN = /^\/s\/([^/]+)(?:\/(items|records)\/(\d{1,15}))?\/?$/;

/** What an address shows, or null when it is none of the page's (a not-found page then). */
export function parseLocation(pathname: string, search: string): PublicLocation | null {
  const match = PATTERN.exec(pathname);
  if (!match) return null;
  let token: string;
  try {
    token = decodeURIComponent(match[1] ?? '');
  } catch {
    return null;
  }
  if (!token || token.length > SHARE_LIMITS.tokenMaxLength) return null;
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const kind = match[2] as 'items' | 'records' | undefined;
  const id = Number(match[3]);
  return {
    token,
    entry: kind && Number.isSafeInteger(id) && id > 0 ? { kind, id } : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    q: (params.get('q') ?? '').trim().slice(0, 200),
  };
}

/** `/s/{token}` with a list's page and search words (only those not at their default). */
export function listHref(token: string, { page = 1, q = '' }: { page?: number; q?: string } = {}) {
  const search = new URLSearchParams();
  if (page > 1) search.set('page', String(page));
  if (q) search.set('q', q);
  const qs = search.toString();
  return `/s/${encodeURIComponent(token)}${qs ? `?${qs}` : ''}`;
}

export const entryHref = (token: string, kind: 'items' | 'records', id: number) =>
  `/s/${encodeURIComponent(token)}/${kind}/${id}`;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('popstate', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

const snapshot = () => `${window.location.pathname}${window.location.search}`;

/** The current address, rendered again on navigation and on back and forward. */
export function usePublicLocation(): PublicLocation | null {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  const url = new URL(href, 'http://page.invalid');
  return parseLocation(url.pathname, url.search);
}

/** Goes to another of the page's addresses without loading the page again. */
export function navigate(href: string): void {
  if (href === snapshot()) return;
  window.history.pushState(null, '', href);
  window.scrollTo(0, 0);
  notify();
}

/** Whether a click on a link is a plain one the page may take over (not a new tab or window). */
export function isPlainClick(event: {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}
