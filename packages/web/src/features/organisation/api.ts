import {
  type CategoryCreateBody,
  type CategoryUpdateBody,
  type ParticipantDivideBody,
  type ParticipantMergeBody,
  type TagCreateBody,
  type TagUpdateBody,
  type UiLanguage,
} from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { organisationKeys, organisationQueries } from '@/shared/organisation/queries';

export { siteTranslationsQuery, siteTranslationKeys } from '@/shared/i18n/siteTranslations';

export { organisationKeys, organisationQueries };
export { effectiveSearch } from '@/shared/search';

/** Form submissions: field errors go under the inputs, other failures to the form's alert. */
const form = { validationCheck: true } as const;

export const organisationApi = {
  createCategory: (body: CategoryCreateBody) => call('categoryCreate', { body }, form),
  updateCategory: (id: number, body: CategoryUpdateBody) =>
    call('categoryUpdate', { params: { id }, body }, form),
  /** Drag and drop and the move buttons: failures (cycle, unknown parent) show as a toast. */
  moveCategory: (id: number, body: CategoryUpdateBody) =>
    call('categoryUpdate', { params: { id }, body }),
  deleteCategory: (id: number) => call('categoryDelete', { params: { id } }),

  createTag: (body: TagCreateBody) => call('tagCreate', { body }, form),
  updateTag: (id: number, body: TagUpdateBody) => call('tagUpdate', { params: { id }, body }, form),
  deleteTag: (id: number) => call('tagDelete', { params: { id } }),

  createParticipant: (name: string) => call('participantCreate', { body: { name } }, form),
  updateParticipant: (id: number, name: string) =>
    call('participantUpdate', { params: { id }, body: { name } }, form),
  deleteParticipant: (id: number) => call('participantDelete', { params: { id } }),
  mergeParticipants: (body: ParticipantMergeBody) => call('participantMerge', { body }, form),
  divideParticipant: (id: number, body: ParticipantDivideBody) =>
    call('participantDivide', { params: { id }, body }, form),

  /** Stores a bundled key so it can take values; no toast, the update that follows tells. */
  createSiteTranslation: (key: string) =>
    call('siteTranslationCreate', { body: { key } }, { silent: true }),
  updateSiteTranslation: (id: number, text: Partial<Record<UiLanguage, string>>) =>
    call('siteTranslationUpdate', { params: { id }, body: { text } }),
};
