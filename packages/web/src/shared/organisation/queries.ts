import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/call';
import { fetchOptions } from '@/shared/query/preload';

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
  /** The whole tree as a flat list; persisted so a revisit shows it at once. */
  categories: () =>
    queryOptions({
      queryKey: organisationKeys.categories,
      queryFn: (context) => call('categories', {}, fetchOptions(context)),
      meta: { persist: true },
    }),
  /** Participants with counts; the unsearched list is persisted for a revisit. */
  participants: (search = '') =>
    queryOptions({
      queryKey: search ? organisationKeys.participantSearch(search) : organisationKeys.participants,
      queryFn: (context) =>
        call('participants', { query: { search: search || undefined } }, fetchOptions(context)),
      meta: { persist: search === '' },
      placeholderData: keepPreviousData,
    }),
  tags: () =>
    queryOptions({
      queryKey: organisationKeys.tags,
      queryFn: (context) => call('tags', {}, fetchOptions(context)),
      meta: { persist: true },
    }),
};

/** What a list's filter bar offers (categories, participants, tags): loaded with the list. */
export const filterChoiceQueries = () =>
  [
    organisationQueries.categories(),
    organisationQueries.participants(),
    organisationQueries.tags(),
  ] as const;
