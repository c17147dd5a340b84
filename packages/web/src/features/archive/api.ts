import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  isContentLanguage,
  ITEM_TYPES,
  type HistoryType,
  type Item,
  type ItemType,
  type Revision,
  type RevisionData,
} from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { entityResource } from '@/shared/entity/resource';
import { fetchOptions } from '@/shared/query/preload';
import { effectiveSearch } from '@/shared/search';
import type { ItemCreateInput, ItemUpdateInput } from './formValues';
import type { ListRequest } from './listSearch';

/** One item type on the generic machinery: its routes, its cache, its files. */
function itemResourceOf(type: ItemType) {
  return entityResource<Item, ItemCreateInput, ItemUpdateInput, RevisionData, Revision>({
    key: ['items', type],
    routes: {
      single: `${type}.single`,
      revisions: `${type}.revisions`,
      create: `${type}.create`,
      update: `${type}.update`,
      trash: `${type}.delete`,
      restore: `${type}.restore`,
      hardDelete: `${type}.hardDelete`,
    },
    answer: 'item',
    owner: type,
    // Versions store the language as it was written, which was one of these.
    revert: ({ language, ...data }) => ({
      ...data,
      language: isContentLanguage(language) ? language : undefined,
    }),
    withFiles: (saved, files) => ({ ...saved, files: [...saved.files, ...files] }),
    // Pictures just uploaded get their thumbnail from a background job: shown once made.
    poll: (item) => item.files.some((file) => file.thumbnail_pending),
  });
}

const ITEM_RESOURCES = Object.fromEntries(
  ITEM_TYPES.map((type) => [type, itemResourceOf(type)]),
) as Record<ItemType, ReturnType<typeof itemResourceOf>>;

/** An item type's queries and writes (one item, its versions, save, trash, files). */
export const itemResource = (type: ItemType) => ITEM_RESOURCES[type];

export const itemKeys = {
  all: ['items'] as const,
  type: (type: ItemType) => ['items', type] as const,
  list: (type: ItemType, request: ListRequest) =>
    ['items', type, 'list', request.route, request.id, request.query] as const,
  single: (type: ItemType, id: number) => itemResource(type).keys.single(id),
  revisions: (type: ItemType, id: number, page: number) =>
    itemResource(type).keys.revisions(id, page),
  correlation: (type: ItemType, page: number) => ['items', type, 'correlation', page] as const,
  searchAll: (query: string) => ['items', 'search', query] as const,
  feed: (type: HistoryType | undefined, page: number) =>
    ['items', 'feed', type ?? 'all', page] as const,
};

export const itemQueries = {
  /**
   * One page of a list. Lists (not searches) are persisted like item stores, so they show offline, and
   * refetched on every visit: the stored page shows at once while the fresh one loads.
   */
  list: (type: ItemType, request: ListRequest) =>
    queryOptions({
      queryKey: itemKeys.list(type, request),
      queryFn: (context) =>
        request.id === undefined
          ? call(request.route, { query: request.query }, fetchOptions(context))
          : call(
              request.route,
              { params: { id: request.id }, query: request.query },
              fetchOptions(context),
            ),
      meta: { persist: request.kind !== 'search' },
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  single: (type: ItemType, id: number) => itemResource(type).queries.single(id),
  revisions: (type: ItemType, id: number, page: number) =>
    itemResource(type).queries.revisions(id, page),
  correlation: (type: ItemType, page: number) =>
    queryOptions({
      queryKey: itemKeys.correlation(type, page),
      queryFn: (context) => call(`${type}.correlation`, { query: { page } }, fetchOptions(context)),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  /** `/history` and `/history/{type}`: recent creations and edits, newest first. */
  feed: (type: HistoryType | undefined, page: number) =>
    queryOptions({
      queryKey: itemKeys.feed(type, page),
      queryFn: (context) =>
        call('historyFeed', { query: { ...(type ? { type } : {}), page } }, fetchOptions(context)),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  /** Ctrl+K: every type at once, hits grouped by original. */
  searchAll: (text: string) =>
    queryOptions({
      queryKey: itemKeys.searchAll(effectiveSearch(text)),
      queryFn: ({ signal }) =>
        call(
          'searchAll',
          { query: { query: effectiveSearch(text), per_page: 20 } },
          { signal, background: true },
        ),
      enabled: effectiveSearch(text) !== '',
      placeholderData: keepPreviousData,
    }),
};
