import { queryOptions } from '@tanstack/react-query';
import type {
  ParticipantUpdateBody,
  RelationCreateBody,
  RelationUpdateBody,
} from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { organisationKeys } from '@/shared/organisation/queries';
import { mutationHook } from '@/shared/query/mutation';
import { fetchOptions } from '@/shared/query/preload';

/**
 * The family's cached answers. A relation or a life changes the person's family, their page and
 * every tree that shows them: writes make all of them stale (`participants` holds the person's
 * detail and family, `family-tree` the trees).
 */
export const familyKeys = {
  family: (id: number) => ['participants', 'family', id] as const,
  portraits: (id: number) => ['participants', 'portraits', id] as const,
  trees: ['family-tree'] as const,
  tree: (participant: number | null) => ['family-tree', participant ?? 'all'] as const,
};

export const familyQueries = {
  family: (id: number) =>
    queryOptions({
      queryKey: familyKeys.family(id),
      queryFn: (context) => call('participantFamily', { params: { id } }, fetchOptions(context)),
    }),
  portraits: (id: number) =>
    queryOptions({
      queryKey: familyKeys.portraits(id),
      queryFn: (context) => call('participantPortraits', { params: { id } }, fetchOptions(context)),
    }),
  tree: (participant: number | null) =>
    queryOptions({
      queryKey: familyKeys.tree(participant),
      queryFn: (context) =>
        call(
          'familyTree',
          { query: participant === null ? {} : { participant } },
          fetchOptions(context),
        ),
    }),
};

const stale = () => [organisationKeys.participants, familyKeys.trees];

/**
 * Adds who `body.participant_id`, or the new `body.person`, is to person `id` (a 422 is the
 * form's to show).
 */
export const useAddRelation = mutationHook(
  ({ id, body }: { id: number; body: RelationCreateBody }) =>
    call('relationCreate', { params: { id }, body }, { validationCheck: true }),
  stale,
);

export const useUpdateRelation = mutationHook(
  ({ id, body }: { id: number; body: RelationUpdateBody }) =>
    call('relationUpdate', { params: { id }, body }, { validationCheck: true }),
  stale,
);

export const useDeleteRelation = mutationHook(
  (id: number) => call('relationDelete', { params: { id } }),
  stale,
);

/** A person's life (and name) saved with `PATCH /api/participants/{id}`. */
export const useSaveLife = mutationHook(
  ({ id, body }: { id: number; body: ParticipantUpdateBody }) =>
    call('participantUpdate', { params: { id }, body }, { validationCheck: true }),
  stale,
);
