import { LIMITS, type ShareTargetType } from '@kinfolio/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, type CallInput } from '@/shared/api/call';
import { mutationHook } from '@/shared/query/mutation';
import { fetchOptions } from '@/shared/query/preload';

export type ShareCreateInput = CallInput<'shareCreate'>['body'];
export type ShareUpdateInput = CallInput<'shareUpdate'>['body'];

export const shareKeys = {
  all: ['shares'] as const,
  list: (page: number, mine: boolean) => ['shares', 'list', page, mine] as const,
  target: (type: string, id: number) => ['shares', 'target', type, id] as const,
};

export const shareQueries = {
  /** `/shares`: the user's links, newest first (an admin's: everyone's unless `mine`). */
  list: (page: number, mine: boolean) =>
    queryOptions({
      queryKey: shareKeys.list(page, mine),
      queryFn: (context) =>
        call('shares', { query: { page, ...(mine ? { mine: '1' } : {}) } }, fetchOptions(context)),
      placeholderData: keepPreviousData,
    }),
  /** The links already made for one entry (every maker's, for an admin), newest first. */
  forTarget: (type: ShareTargetType, id: number) =>
    queryOptions({
      queryKey: shareKeys.target(type, id),
      queryFn: (context) =>
        call(
          'shares',
          { query: { target_type: type, target_id: id, per_page: LIMITS.pageSizeMax } },
          fetchOptions(context),
        ),
    }),
};

const stale = () => [shareKeys.all];

/** Makes a link; the answer holds its address, shown this once. */
export const useCreateShare = mutationHook(
  (body: ShareCreateInput) =>
    call('shareCreate', { body }, { validationCheck: true, quietSuccess: true }),
  stale,
);

export const useUpdateShare = mutationHook(
  ({ id, body }: { id: number; body: ShareUpdateInput }) =>
    call('shareUpdate', { params: { id }, body }, { validationCheck: true }),
  stale,
);

/** Revoked at once: the link answers "not found" from then on. */
export const useRevokeShare = mutationHook(
  (id: number) => call('shareDelete', { params: { id } }),
  stale,
);
