import {
  type CategoryCreateBody,
  type CategoryUpdateBody,
  type ParticipantDivideBody,
  type ParticipantMergeBody,
  type TagCreateBody,
  type TagUpdateBody,
} from '@kinfolio/contract';
import { api } from '@/shared/api/client';
import { organisationKeys, organisationQueries } from '@/shared/organisation/queries';

export { siteTranslationsQuery, siteTranslationKeys } from '@/shared/i18n/siteTranslations';

export { organisationKeys, organisationQueries };
export { effectiveSearch } from '@/shared/search';

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
