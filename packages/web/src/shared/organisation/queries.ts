import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type Category, type Participant, type Tag } from '@kinfolio/contract';
import { api } from '@/shared/api/client';
import { listOf } from '@/shared/api/lists';

/**
 * Categories, participants and tags: edited by the organisation screens, read by the archive's
 * filters and pickers. Shared here so features do not import each other.
 */
export const organisationKeys = {
  categories: ['categories'] as const,
  participants: ['participants'] as const,
  participantSearch: (search: string) => ['participants', { search }] as const,
  tags: ['tags'] as const,
};

export const organisationQueries = {
  /** The whole tree as a flat list; persisted so a revisit shows it at once (spec §9). */
  categories: () =>
    queryOptions({
      queryKey: organisationKeys.categories,
      queryFn: async ({ signal }) => listOf<Category>(await api.get('/api/categories', { signal })),
      meta: { persist: true },
    }),
  /** Participants with counts; the unsearched list is persisted (spec §9). */
  participants: (search = '') =>
    queryOptions({
      queryKey: search ? organisationKeys.participantSearch(search) : organisationKeys.participants,
      queryFn: async ({ signal }) =>
        listOf<Participant>(
          await api.get('/api/participants', { signal, query: { search: search || undefined } }),
        ),
      meta: { persist: search === '' },
      placeholderData: keepPreviousData,
    }),
  tags: () =>
    queryOptions({
      queryKey: organisationKeys.tags,
      queryFn: async ({ signal }) => listOf<Tag>(await api.get('/api/tags', { signal })),
    }),
};
