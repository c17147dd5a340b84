import {
  CONTENT_LANGUAGES,
  ITEM_LIMITS,
  LIMITS,
  type ContentLanguage,
  type ItemType,
} from '@kinfolio/contract';
import { effectiveSearch } from '@/shared/search';

/**
 * The query parameters that drive a list (spec §2 content lists). The API filters by one thing
 * at a time (search, a category, a participant or a tag; language combines with all of them),
 * so only one of those is kept.
 */
export interface ArchiveSearch {
  search?: string;
  category?: number;
  participant?: number;
  tag?: number;
  page?: number;
  language?: ContentLanguage;
  /** The trash. */
  deleted?: 1;
  /** Trashed and revised items. */
  revisions?: 1;
}

export type ArchiveFilter = 'category' | 'participant' | 'tag';
export const ARCHIVE_FILTERS: readonly ArchiveFilter[] = ['category', 'participant', 'tag'];

function positiveInt(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 && number < 2 ** 31
    ? number
    : undefined;
}

function flag(value: unknown): 1 | undefined {
  return value === 1 || value === '1' || value === true || value === 'true' ? 1 : undefined;
}

/** `validateSearch` of the four list routes: unknown or malformed values are dropped. */
export function validateArchiveSearch(raw: Record<string, unknown>): ArchiveSearch {
  const result: ArchiveSearch = {};
  const rawSearch = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  if (typeof rawSearch === 'string' && rawSearch.trim()) {
    result.search = rawSearch.slice(0, ITEM_LIMITS.searchMaxLength);
  }
  if (!effectiveSearch(result.search ?? '')) {
    // Without a (long enough) search, the first filter given wins.
    for (const filter of ARCHIVE_FILTERS) {
      const id = positiveInt(raw[filter]);
      if (id !== undefined) {
        result[filter] = id;
        break;
      }
    }
  }
  const page = positiveInt(raw.page);
  if (page !== undefined && page > 1) result.page = Math.min(page, ITEM_LIMITS.maxPage);
  if ((CONTENT_LANGUAGES as readonly unknown[]).includes(raw.language)) {
    result.language = raw.language as ContentLanguage;
  }
  if (flag(raw.deleted)) result.deleted = 1;
  else if (flag(raw.revisions)) result.revisions = 1;
  return result;
}

/** What a list page asks the API for: page size and language (and the search text of a search). */
export interface ListQuery {
  page: number;
  per_page: number;
  language?: ContentLanguage;
  query?: string;
}

/** The list routes of the contract that take no path parameter, and those that take a row's id. */
type PlainList = 'all' | 'search' | 'deleted' | 'deletedAndRevisions';

export type ListRequest = {
  query: ListQuery;
  /** Which list: drives the empty message and whether the answer is persisted. */
  kind: 'all' | 'search' | ArchiveFilter | 'deleted' | 'revisions';
} & (
  | { route: `${ItemType}.${PlainList}`; id?: undefined }
  | { route: `${ItemType}.${ArchiveFilter}`; id: number }
);

/** The API call a list shows: one route of the type's table, 10 per page (spec §2). */
export function listRequest(type: ItemType, search: ArchiveSearch): ListRequest {
  const query: ListQuery = {
    page: search.page ?? 1,
    per_page: LIMITS.pageSizeListView,
    language: search.language,
  };
  if (search.deleted) return { route: `${type}.deleted`, query, kind: 'deleted' };
  if (search.revisions) {
    return { route: `${type}.deletedAndRevisions`, query, kind: 'revisions' };
  }
  const text = effectiveSearch(search.search ?? '');
  if (text) return { route: `${type}.search`, query: { ...query, query: text }, kind: 'search' };
  for (const filter of ARCHIVE_FILTERS) {
    const id = search[filter];
    if (id !== undefined) return { route: `${type}.${filter}`, id, query, kind: filter };
  }
  return { route: `${type}.all`, query, kind: 'all' };
}

/**
 * The next search after the user changed one control: a new filter or search replaces the
 * other filters (the API combines only the language with them) and goes back to page 1.
 */
export function withChange(current: ArchiveSearch, change: Partial<ArchiveSearch>): ArchiveSearch {
  const next: ArchiveSearch = { ...current, ...change };
  const changedFilter = ARCHIVE_FILTERS.find((f) => f in change && change[f] !== undefined);
  if (changedFilter) {
    delete next.search;
    for (const other of ARCHIVE_FILTERS) if (other !== changedFilter) delete next[other];
  } else if ('search' in change && effectiveSearch(change.search ?? '')) {
    for (const other of ARCHIVE_FILTERS) delete next[other];
  }
  if (!('page' in change)) delete next.page;
  for (const key of Object.keys(next) as (keyof ArchiveSearch)[]) {
    if (next[key] === undefined || next[key] === '') delete next[key];
  }
  return next;
}
