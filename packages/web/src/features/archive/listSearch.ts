import {
  CONTENT_LANGUAGES,
  ITEM_LIMITS,
  LIMITS,
  type ContentLanguage,
  type ItemType,
} from '@kinfolio/contract';
import { currentLanguage } from '@/shared/i18n';
import { effectiveSearch } from '@/shared/search';
import { calendarDay } from '@/shared/kit/calendarDay';
import { readStoryPreference } from './storyPreference';
import { ALL_SORTS, keptSort, LIST_SORTS, type ListSort } from '@/shared/kit/FilterBar';
import type { FilterValues } from '@/shared/kit/ListFilterBar';

export { ALL_SORTS, LIST_SORTS, type ListSort };

/** Page sizes a list offers; 10 is the default and stays out of the address. */
export const PAGE_SIZES = [LIMITS.pageSizeListView, 25, 50, 100] as const;

/**
 * The query parameters that drive a list: a search, category, participant, tag, a date range,
 * the language, the order, the page and its size, and one entry per story, all combined. The
 * order's default (kept out of the address) is relevance while a search (3 characters or more) is
 * typed, else newest first; one entry per story does not apply to a search (every matching version
 * is a hit).
 */
export interface ArchiveSearch extends FilterValues {
  page?: number;
  /** Page size other than the default 10. */
  per_page?: number;
  /**
   * One entry per story (1), in the reader's interface language when the story has it, or every
   * version (0); without it, the remembered choice (on unless turned off).
   */
  stories?: 0 | 1;
  /** The trash. */
  deleted?: 1;
  /** Trashed and revised items. */
  revisions?: 1;
}

export type ArchiveFilter = 'category' | 'participant' | 'tag';
export const ARCHIVE_FILTERS: readonly ArchiveFilter[] = ['category', 'participant', 'tag'];
/** What narrows a list besides its search and language. */
const NARROWING = [...ARCHIVE_FILTERS, 'from', 'to'] as const;

function positiveInt(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 && number < 2 ** 31
    ? number
    : undefined;
}

function flag(value: unknown): 1 | undefined {
  return value === 1 || value === '1' || value === true || value === 'true' ? 1 : undefined;
}

/** `validateSearch` of the list routes: unknown or malformed values are dropped. */
export function validateArchiveSearch(raw: Record<string, unknown>): ArchiveSearch {
  const result: ArchiveSearch = {};
  const rawSearch = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  if (typeof rawSearch === 'string' && rawSearch.trim()) {
    result.search = rawSearch.slice(0, ITEM_LIMITS.searchMaxLength);
  }
  for (const filter of ARCHIVE_FILTERS) {
    const id = positiveInt(raw[filter]);
    if (id !== undefined) result[filter] = id;
  }
  const from = calendarDay(raw.from);
  const to = calendarDay(raw.to);
  if (from) result.from = from;
  if (to) result.to = to;
  const page = positiveInt(raw.page);
  if (page !== undefined && page > 1) result.page = Math.min(page, ITEM_LIMITS.maxPage);
  const perPage = positiveInt(raw.per_page);
  if (perPage !== undefined && perPage !== PAGE_SIZES[0] && PAGE_SIZES.some((s) => s === perPage))
    result.per_page = perPage;
  const searching = Boolean(effectiveSearch(result.search ?? ''));
  const sort = keptSort(raw.sort, searching);
  if (sort) result.sort = sort;
  if (flag(raw.stories)) result.stories = 1;
  else if (raw.stories === 0 || raw.stories === '0' || raw.stories === false) result.stories = 0;
  if ((CONTENT_LANGUAGES as readonly unknown[]).includes(raw.language)) {
    result.language = raw.language as ContentLanguage;
  }
  if (flag(raw.deleted)) result.deleted = 1;
  else if (flag(raw.revisions)) result.revisions = 1;
  return result;
}

/** What a list page asks the API for (the list routes' query; `query` for a search). */
export interface ListQuery {
  page: number;
  per_page: number;
  language?: ContentLanguage;
  query?: string;
  category?: number;
  participant?: number;
  tag?: number;
  date_from?: string;
  date_to?: string;
  /** Relevance, a search's default, is never sent. */
  sort?: Exclude<ListSort, 'relevance'>;
  story_language?: ContentLanguage;
}

/** The list routes of the contract that take no path parameter. */
type PlainList = 'all' | 'search' | 'deleted' | 'deletedAndRevisions';

export type ListRequest = {
  query: ListQuery;
  /** Which list: drives the empty message and whether the answer is persisted. */
  kind: 'all' | 'search' | 'filtered' | 'deleted' | 'revisions';
} & (
  | { route: `${ItemType}.${PlainList}`; id?: undefined }
  | { route: `${ItemType}.${ArchiveFilter}`; id: number }
);

/** Whether the list shows one entry per story: as the address says, else the remembered choice. */
export function storiesShown(
  search: ArchiveSearch,
  byDefault: boolean = readStoryPreference(),
): boolean {
  return search.stories === undefined ? byDefault : search.stories === 1;
}

/** Whether a list is narrowed by a category, participant, tag or date. */
export function isFiltered(search: ArchiveSearch): boolean {
  return NARROWING.some((key) => search[key] !== undefined);
}

/**
 * The API call a list shows: `-all` or the search, with every filter and the order in its query
 * (they combine there), or a trash view; 10 per page unless another size is chosen. One entry per
 * story asks a list (not a search) for the versions in `readerLanguage` (the interface language).
 */
export function listRequest(
  type: ItemType,
  search: ArchiveSearch,
  readerLanguage: ContentLanguage = currentLanguage(),
  storiesByDefault: boolean = readStoryPreference(),
): ListRequest {
  const base: ListQuery = {
    page: search.page ?? 1,
    per_page: search.per_page ?? PAGE_SIZES[0],
    language: search.language,
  };
  if (search.deleted) return { route: `${type}.deleted`, query: base, kind: 'deleted' };
  if (search.revisions) {
    return { route: `${type}.deletedAndRevisions`, query: base, kind: 'revisions' };
  }
  const text = effectiveSearch(search.search ?? '');
  const query: ListQuery = text ? { ...base, query: text } : { ...base };
  for (const filter of ARCHIVE_FILTERS) {
    if (search[filter] !== undefined) query[filter] = search[filter];
  }
  if (search.from) query.date_from = search.from;
  if (search.to) query.date_to = search.to;
  if (search.sort && search.sort !== 'relevance') query.sort = search.sort;
  if (text) return { route: `${type}.search`, query, kind: 'search' };
  if (storiesShown(search, storiesByDefault)) query.story_language = readerLanguage;
  return { route: `${type}.all`, query, kind: isFiltered(search) ? 'filtered' : 'all' };
}

/**
 * The next search after the user changed one control. The search and the filters combine; the
 * order's default (relevance while searching, else newest) stays out of the address, and
 * relevance is dropped with the search. Any change but the page's goes back to page 1.
 */
export function withChange(current: ArchiveSearch, change: Partial<ArchiveSearch>): ArchiveSearch {
  const next: ArchiveSearch = { ...current, ...change };
  next.sort = keptSort(next.sort, Boolean(effectiveSearch(next.search ?? '')));
  if (!('page' in change)) delete next.page;
  if (next.per_page === PAGE_SIZES[0]) delete next.per_page;
  for (const key of Object.keys(next) as (keyof ArchiveSearch)[]) {
    if (next[key] === undefined || next[key] === '') delete next[key];
  }
  return next;
}
