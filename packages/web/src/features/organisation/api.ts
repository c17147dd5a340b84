import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  LIMITS,
  type Category,
  type CategoryCreateBody,
  type CategoryUpdateBody,
  type Participant,
  type ParticipantDivideBody,
  type ParticipantMergeBody,
  type Tag,
  type TagCreateBody,
  type TagUpdateBody,
} from '@kinfolio/contract';
import { api } from '@/shared/api/client';
import { listOf } from '@/shared/api/lists';

export { siteTranslationsQuery, siteTranslationKeys } from '@/shared/i18n/siteTranslations';

export const organisationKeys = {
  categories: ['categories'] as const,
  participants: ['participants'] as const,
  participantSearch: (search: string) => ['participants', { search }] as const,
  tags: ['tags'] as const,
};

/** Searches shorter than the minimum are ignored (spec §5): the whole list shows. */
export function effectiveSearch(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= LIMITS.searchMinLength ? trimmed : '';
}

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

/** Form submissions: field errors go under the inputs, other failures to the form's alert. */
const form = { validationCheck: true } as const;

export const organisationApi = {
  createCategory: (body: CategoryCreateBody) => api.post('/api/categories', body, form),
  updateCategory: (id: number, body: CategoryUpdateBody) =>
    api.patch(`/api/categories/${id}`, body, form),
  /** Drag and drop and the move buttons: failures (cycle, unknown parent) show as a toast. */
  moveCategory: (id: number, body: CategoryUpdateBody) => api.patch(`/api/categories/${id}`, body),
  deleteCategory: (id: number) => api.delete(`/api/categories/${id}`),

  createTag: (body: TagCreateBody) => api.post('/api/tags', body, form),
  updateTag: (id: number, body: TagUpdateBody) => api.patch(`/api/tags/${id}`, body, form),
  deleteTag: (id: number) => api.delete(`/api/tags/${id}`),

  createParticipant: (name: string) => api.post('/api/participants', { name }, form),
  updateParticipant: (id: number, name: string) =>
    api.patch(`/api/participants/${id}`, { name }, form),
  deleteParticipant: (id: number) => api.delete(`/api/participants/${id}`),
  mergeParticipants: (body: ParticipantMergeBody) =>
    api.post('/api/participants/merge', body, form),
  divideParticipant: (id: number, body: ParticipantDivideBody) =>
    api.post(`/api/participants/divide/${id}`, body, form),
};
