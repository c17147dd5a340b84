import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  isContentLanguage,
  type HistoryType,
  type ItemType,
  type RevisionData,
  type itemCreateBody,
  type itemUpdateBody,
} from '@kinfolio/contract';
import type { z } from 'zod';
import { call } from '@/shared/api/call';
import { fetchOptions } from '@/shared/query/preload';
import { effectiveSearch } from '@/shared/search';
import type { ListRequest } from './listSearch';

export type ItemCreateInput = z.input<typeof itemCreateBody>;
export type ItemUpdateInput = z.input<typeof itemUpdateBody>;

export const itemKeys = {
  all: ['items'] as const,
  type: (type: ItemType) => ['items', type] as const,
  list: (type: ItemType, request: ListRequest) =>
    ['items', type, 'list', request.route, request.id, request.query] as const,
  single: (type: ItemType, id: number) => ['items', type, 'single', id] as const,
  revisions: (type: ItemType, id: number, page: number) =>
    ['items', type, 'revisions', id, page] as const,
  correlation: (type: ItemType, page: number) => ['items', type, 'correlation', page] as const,
  searchAll: (query: string) => ['items', 'search', query] as const,
  feed: (type: HistoryType | undefined, page: number) =>
    ['items', 'feed', type ?? 'all', page] as const,
};

/** How often an item whose thumbnails are being made is asked again. */
const THUMBNAIL_POLL_MS = 2000;

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
  single: (type: ItemType, id: number) =>
    queryOptions({
      queryKey: itemKeys.single(type, id),
      queryFn: (context) => call(`${type}.single`, { params: { id } }, fetchOptions(context)),
      // An item once opened stays readable offline.
      meta: { persist: true },
      staleTime: 0,
      // Pictures just uploaded get their thumbnail from a background job: shown once made.
      refetchInterval: (query) =>
        query.state.data?.files.some((file) => file.thumbnail_pending) ? THUMBNAIL_POLL_MS : false,
    }),
  revisions: (type: ItemType, id: number, page: number) =>
    queryOptions({
      queryKey: itemKeys.revisions(type, id, page),
      queryFn: (context) =>
        call(
          `${type}.revisions`,
          { params: { id }, query: { page, per_page: 20 } },
          fetchOptions(context),
        ),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
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

/** Form submissions: field errors under the inputs, no toast: the form says what is wrong where it is wrong. */
const form = { validationCheck: true } as const;

export const itemsApi = {
  create: (type: ItemType, body: ItemCreateInput) => call(`${type}.create`, { body }, form),
  update: (type: ItemType, id: number, body: ItemUpdateInput) =>
    call(`${type}.update`, { params: { id }, body }, form),
  /** History: a stored version's fields, PATCHed back (itself a new revision). */
  restoreVersion: (type: ItemType, id: number, { language, ...data }: RevisionData) =>
    call(`${type}.update`, {
      params: { id },
      // Versions store the language as it was written, which was one of these.
      body: { ...data, language: isContentLanguage(language) ? language : undefined },
    }),
  separate: (type: ItemType, id: number) => call(`${type}.separate`, { params: { id } }),
  trash: (type: ItemType, id: number) => call(`${type}.delete`, { params: { id } }),
  restore: (type: ItemType, id: number) => call(`${type}.restore`, { params: { id } }),
  hardDelete: (type: ItemType, id: number) => call(`${type}.hardDelete`, { params: { id } }),
};

export const filesApi = {
  /** The finished FilePond uploads join the saved item. */
  attach: (type: ItemType, itemId: number, serverIds: string[]) =>
    call('addFilepond', { body: { newmedias: serverIds, modelId: itemId, modelType: type } }),
  delete: (fileId: number) => call('fileDelete', { params: { id: fileId } }),
};
