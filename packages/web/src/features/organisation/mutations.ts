import { useQueryClient } from '@tanstack/react-query';
import type {
  Category,
  SiteTranslation,
  CategoryCreateBody,
  CategoryUpdateBody,
  ParticipantDivideBody,
  ParticipantMergeBody,
  TagUpdateBody,
  UiLanguage,
} from '@kinfolio/contract';
import { mutationHook } from '@/shared/query/mutation';
import { organisationApi, organisationKeys, siteTranslationKeys } from './api';
import { applyMove, type CategoryMove } from './tree';

/** The organisation screens' writes, each with the lists it makes stale. */
const tags = () => [organisationKeys.tags];
const participants = () => [organisationKeys.participants];
const categories = () => [organisationKeys.categories];

export const useCreateCategory = mutationHook(
  (body: CategoryCreateBody) => organisationApi.createCategory(body),
  categories,
);
export const useUpdateCategory = mutationHook(
  ({ id, body }: { id: number; body: CategoryUpdateBody }) =>
    organisationApi.updateCategory(id, body),
  categories,
);
/** Refused with children, or already gone: the toast shows the server's message. */
export const useDeleteCategory = mutationHook(organisationApi.deleteCategory, categories);
const useSendMove = mutationHook(
  ({ id, target }: { id: number; target: CategoryMove }) =>
    organisationApi.moveCategory(id, target),
  categories,
);

/**
 * Drag and drop and the move buttons: the move shows at once and the server's answer replaces
 * it; a refused move (a cycle) is told by a toast and the refresh puts the category back.
 */
export function useMoveCategory() {
  const queryClient = useQueryClient();
  const send = useSendMove();
  return (id: number, target: CategoryMove) => {
    queryClient.setQueryData(organisationKeys.categories, (old: Category[] | undefined) =>
      old ? applyMove(old, id, target) : old,
    );
    send.mutate({ id, target });
  };
}

/** Creates a tag, or renames the one given. */
export const useSaveTag = mutationHook(
  ({ id, body }: { id?: number; body: TagUpdateBody }) =>
    id === undefined ? organisationApi.createTag(body) : organisationApi.updateTag(id, body),
  tags,
);
export const useDeleteTag = mutationHook(organisationApi.deleteTag, tags);

/** Creates a participant, or renames the one given. */
export const useSaveParticipant = mutationHook(
  ({ id, name }: { id?: number; name: string }) =>
    id === undefined
      ? organisationApi.createParticipant(name)
      : organisationApi.updateParticipant(id, name),
  participants,
);
export const useDeleteParticipant = mutationHook(organisationApi.deleteParticipant, participants);
export const useMergeParticipants = mutationHook(
  (body: ParticipantMergeBody) => organisationApi.mergeParticipants(body),
  participants,
);
export const useDivideParticipant = mutationHook(
  ({ id, body }: { id: number; body: ParticipantDivideBody }) =>
    organisationApi.divideParticipant(id, body),
  participants,
);

/** One value of a site translation; a bundled key not stored yet (no id) is stored first. */
export interface SiteTextEdit {
  id: number | null;
  key: string;
  text: SiteTranslation['text'];
  language: UiLanguage;
  value: string;
}

/** The edited row shows at once, and the interface wording with it (the merger follows the list). */
export const useSaveSiteTranslation = mutationHook(
  async ({ id, key, text, language, value }: SiteTextEdit): Promise<SiteTranslation> => {
    const storedId = id ?? (await organisationApi.createSiteTranslation(key)).id;
    await organisationApi.updateSiteTranslation(storedId, { [language]: value });
    return { id: storedId, key, text: { ...text, [language]: value } };
  },
  () => [siteTranslationKeys.all],
  (queryClient, saved) =>
    queryClient.setQueryData(siteTranslationKeys.all, (old: SiteTranslation[] | undefined) => [
      ...(old ?? []).filter((row) => row.id !== saved.id),
      saved,
    ]),
);
