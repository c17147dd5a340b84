import {
  CONTENT_LANGUAGES,
  ITEM_LIMITS,
  LIMITS,
  RECORD_LIMITS,
  type ContentLanguage,
} from '@kinfolio/contract';
import { effectiveSearch } from '@/shared/search';
import { calendarDay } from '@/shared/kit/calendarDay';
import { keptSort, type ListSort } from '@/shared/kit/FilterBar';
import type { FilterValues } from '@/shared/kit/ListFilterBar';

/**
 * `/records` query parameters, named as the archive lists name theirs (`search`, `participant`,
 * `language`, `from`, `to`, `sort`, `page`, `deleted=1`) plus `owner`, all kept together: the
 * search combines with every filter and the order (relevance, its default, among them).
 */
export interface RecordSearch extends Omit<FilterValues, 'category' | 'tag'> {
  owner?: string;
  page?: number;
  /** The trash. */
  deleted?: 1;
}

function positiveInt(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 && number < 2 ** 31
    ? number
    : undefined;
}

const flag = (value: unknown) => value === 1 || value === '1' || value === true || value === 'true';

/** `validateSearch` of `/records`: unknown or malformed values are dropped. */
export function validateRecordSearch(raw: Record<string, unknown>): RecordSearch {
  const result: RecordSearch = {};
  const search = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  if (typeof search === 'string' && search.trim()) {
    result.search = search.slice(0, ITEM_LIMITS.searchMaxLength);
  }
  const participant = positiveInt(raw.participant);
  if (participant !== undefined) result.participant = participant;
  if ((CONTENT_LANGUAGES as readonly unknown[]).includes(raw.language)) {
    result.language = raw.language as ContentLanguage;
  }
  if (typeof raw.owner === 'string' && raw.owner.trim()) {
    result.owner = raw.owner.trim().slice(0, RECORD_LIMITS.ownerMaxLength);
  }
  const from = calendarDay(raw.from);
  const to = calendarDay(raw.to);
  if (from) result.from = from;
  if (to) result.to = to;
  const sort = keptSort(raw.sort, Boolean(effectiveSearch(result.search ?? '')));
  if (sort) result.sort = sort;
  const page = positiveInt(raw.page);
  if (page !== undefined && page > 1) result.page = Math.min(page, ITEM_LIMITS.maxPage);
  if (flag(raw.deleted)) result.deleted = 1;
  return result;
}

/** What `GET /api/records` is asked for a list page: 10 records a page, as every list. */
export interface RecordListRequest {
  page: number;
  per_page: number;
  query?: string;
  participant?: number;
  lang?: ContentLanguage;
  owner?: string;
  date_from?: string;
  date_to?: string;
  sort?: Exclude<ListSort, 'relevance'>;
  trash?: '1';
}

export function recordListRequest(search: RecordSearch): RecordListRequest {
  const request: RecordListRequest = {
    page: search.page ?? 1,
    per_page: LIMITS.pageSizeListView,
  };
  const text = effectiveSearch(search.search ?? '');
  if (text) request.query = text;
  if (search.participant !== undefined) request.participant = search.participant;
  if (search.language) request.lang = search.language;
  if (search.owner) request.owner = search.owner;
  if (search.from) request.date_from = search.from;
  if (search.to) request.date_to = search.to;
  if (search.sort && search.sort !== 'relevance') request.sort = search.sort;
  if (search.deleted) request.trash = '1';
  return request;
}

/** The list's next address after one control changed: back to page 1 unless the page changed. */
export function withRecordChange(
  current: RecordSearch,
  change: Partial<RecordSearch>,
): RecordSearch {
  const next: RecordSearch = { ...current, ...change };
  next.sort = keptSort(next.sort, Boolean(effectiveSearch(next.search ?? '')));
  if (!('page' in change)) delete next.page;
  for (const key of Object.keys(next) as (keyof RecordSearch)[]) {
    if (next[key] === undefined || next[key] === '') delete next[key];
  }
  return next;
}
