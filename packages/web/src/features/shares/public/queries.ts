import {
  fetchShare,
  fetchSharedItem,
  fetchSharedRecord,
  type SharedEntryContent,
} from './publicApi';
import { forget, prefetch, useResource } from './resource';

/** Every answer of one link starts with its key, so unlocking it forgets them all. */
const tokenKey = (token: string) => `${token}\n`;

const shareKey = (token: string, page: number, q: string) =>
  `${tokenKey(token)}share\n${page}\n${q}`;

/** What the link shares (a list: one page of it, searched). */
export function useShare(token: string, page: number, q: string) {
  return useResource(shareKey(token, page, q), () => fetchShare(token, { page, q }));
}

/** Asks for what the link shares before the page's code has rendered anything. */
export function prefetchShare(token: string, page: number, q: string): void {
  prefetch(shareKey(token, page, q), () => fetchShare(token, { page, q }));
}

type EntryRef = { kind: 'items' | 'records'; id: number };

const entryKey = (token: string, entry: EntryRef) => `${tokenKey(token)}${entry.kind}\n${entry.id}`;

const loadEntry = (token: string, entry: EntryRef) => (): Promise<SharedEntryContent> =>
  entry.kind === 'items' ? fetchSharedItem(token, entry.id) : fetchSharedRecord(token, entry.id);

/** One item (kind `items`) or record (`records`) of a list share. */
export function useSharedEntry(token: string, entry: EntryRef) {
  return useResource(entryKey(token, entry), loadEntry(token, entry));
}

/** Asks for an entry of a list share before the page's code has rendered anything. */
export function prefetchSharedEntry(token: string, entry: EntryRef): void {
  prefetch(entryKey(token, entry), loadEntry(token, entry));
}

/** After an unlock: the link's answers are asked again, now with its cookie. */
export function forgetShare(token: string): void {
  forget(tokenKey(token));
}
