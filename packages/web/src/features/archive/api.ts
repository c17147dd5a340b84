import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  buildPath,
  itemRoutes,
  routes,
  searchAllRoute,
  type FilesAttached,
  type MessageBody,
  type CorrelationRow,
  type Item,
  type ItemListRow,
  type ItemSaved,
  type ItemType,
  type ItemUpdated,
  type Paginated,
  type Revision,
  type RevisionData,
  type SearchGroup,
  type itemCreateBody,
  type itemUpdateBody,
} from '@kinfolio/contract';
import type { z } from 'zod';
import { api } from '@/shared/api/client';
import { effectiveSearch } from '@/shared/search';
import type { ListRequest } from './listSearch';

export type ItemCreateInput = z.input<typeof itemCreateBody>;
export type ItemUpdateInput = z.input<typeof itemUpdateBody>;

const path = (template: string, id: number) => template.replace(':id', String(id));

export const itemKeys = {
  all: ['items'] as const,
  type: (type: ItemType) => ['items', type] as const,
  list: (type: ItemType, request: ListRequest) =>
    ['items', type, 'list', request.path, request.query] as const,
  single: (type: ItemType, id: number) => ['items', type, 'single', id] as const,
  revisions: (type: ItemType, id: number, page: number) =>
    ['items', type, 'revisions', id, page] as const,
  correlation: (type: ItemType, page: number) => ['items', type, 'correlation', page] as const,
  searchAll: (query: string) => ['items', 'search', query] as const,
};

export const itemQueries = {
  /**
   * One page of a list. Lists (not searches) are persisted like the spec's item stores (§9) and
   * refetched on every visit: the stored page shows at once while the fresh one loads.
   */
  list: (type: ItemType, request: ListRequest) =>
    queryOptions({
      queryKey: itemKeys.list(type, request),
      queryFn: ({ signal }) =>
        api.get<Paginated<ItemListRow>>(request.path, { signal, query: request.query }),
      meta: { persist: request.kind !== 'search' },
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  single: (type: ItemType, id: number) =>
    queryOptions({
      queryKey: itemKeys.single(type, id),
      queryFn: ({ signal }) => api.get<Item>(path(itemRoutes[type].single.path, id), { signal }),
      staleTime: 0,
    }),
  revisions: (type: ItemType, id: number, page: number) =>
    queryOptions({
      queryKey: itemKeys.revisions(type, id, page),
      queryFn: ({ signal }) =>
        api.get<Paginated<Revision>>(path(itemRoutes[type].revisions.path, id), {
          signal,
          query: { page, per_page: 20 },
        }),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  correlation: (type: ItemType, page: number) =>
    queryOptions({
      queryKey: itemKeys.correlation(type, page),
      queryFn: ({ signal }) =>
        api.get<Paginated<CorrelationRow>>(itemRoutes[type].correlation.path, {
          signal,
          query: { page },
        }),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  /** Ctrl+K: every type at once, hits grouped by original. */
  searchAll: (text: string) =>
    queryOptions({
      queryKey: itemKeys.searchAll(effectiveSearch(text)),
      queryFn: ({ signal }) =>
        api.get<Paginated<SearchGroup>>(searchAllRoute.path, {
          signal,
          query: { query: effectiveSearch(text), per_page: 20 },
          background: true,
        }),
      enabled: effectiveSearch(text) !== '',
      placeholderData: keepPreviousData,
    }),
};

/** Form submissions: field errors under the inputs, no toast (spec §5). */
const form = { validationCheck: true } as const;

export const itemsApi = {
  create: (type: ItemType, body: ItemCreateInput) =>
    api.post<ItemSaved>(itemRoutes[type].create.path, body, form),
  update: (type: ItemType, id: number, body: ItemUpdateInput) =>
    api.patch<ItemUpdated>(path(itemRoutes[type].update.path, id), body, form),
  /** History: a stored version's fields, PATCHed back (itself a new revision). */
  restoreVersion: (type: ItemType, id: number, data: RevisionData) =>
    api.patch<ItemUpdated>(path(itemRoutes[type].update.path, id), data),
  separate: (type: ItemType, id: number) =>
    api.post<ItemSaved>(path(itemRoutes[type].separate.path, id)),
  trash: (type: ItemType, id: number) => api.delete(path(itemRoutes[type].delete.path, id)),
  restore: (type: ItemType, id: number) =>
    api.post<ItemSaved>(path(itemRoutes[type].restore.path, id)),
  hardDelete: (type: ItemType, id: number) =>
    api.delete(path(itemRoutes[type].hardDelete.path, id)),
};

export const filesApi = {
  /** `PATCH /api/medias/addfilepond`: the finished FilePond uploads join the saved item. */
  attach: (type: ItemType, itemId: number, serverIds: string[]) =>
    api.patch<FilesAttached>(routes.addFilepond.path, {
      newmedias: serverIds,
      modelId: itemId,
      modelType: type,
    }),
  delete: (fileId: number) =>
    api.delete<MessageBody>(buildPath(routes.fileDelete.path, { id: fileId })),
};
