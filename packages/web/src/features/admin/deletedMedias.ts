import { queryOptions } from '@tanstack/react-query';
import type { RetentionSettings } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { mutationHook } from '@/shared/query/mutation';
import { pageQuery } from './listQueries';

/** Deleted medias a page shows. */
export const DELETED_MEDIAS_PER_PAGE = 20;

export const deletedMediaKeys = {
  all: ['deleted-medias'] as const,
  page: (page: number) => ['deleted-medias', page] as const,
  settings: ['deleted-medias', 'settings'] as const,
};

export const deletedMediaQueries = {
  page: (page: number) =>
    pageQuery(deletedMediaKeys.page(page), (signal) =>
      call('deletedMedias', { query: { page, per_page: DELETED_MEDIAS_PER_PAGE } }, { signal }),
    ),
  settings: () =>
    queryOptions({
      queryKey: deletedMediaKeys.settings,
      queryFn: ({ signal }) => call('retentionSettings', {}, { signal }),
    }),
};

/**
 * A restore changes an item's or a record's files (or makes a media item): their cached lists
 * and profiles go stale too. The archive and records features own those keys (`items`,
 * `records`); a feature may not import another, so they are named here.
 */
const restored = () => [deletedMediaKeys.all, ['items'], ['records']];
const purged = () => [deletedMediaKeys.all];

export const useRestoreDeletedMedia = mutationHook(
  (id: number) => call('deletedMediaRestore', { params: { id } }),
  restored,
);
export const usePurgeDeletedMedia = mutationHook(
  (id: number) => call('deletedMediaPurge', { params: { id } }),
  purged,
);
export const usePurgeAllDeletedMedias = mutationHook(
  () => call('deletedMediasPurgeAll', {}),
  purged,
);
export const useSaveRetentionSettings = mutationHook(
  (body: RetentionSettings) => call('retentionSettingsUpdate', { body }),
  () => [deletedMediaKeys.all],
);
