import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FaceBox } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { organisationKeys } from '@/shared/organisation/queries';
import { mutationHook } from '@/shared/query/mutation';
import { fetchOptions } from '@/shared/query/preload';

export const faceKeys = {
  all: ['faces'] as const,
  file: (fileId: number) => ['faces', 'file', fileId] as const,
  people: ['faces', 'people'] as const,
  unknown: (page: number) => ['faces', 'unknown', page] as const,
  admin: ['faces', 'admin'] as const,
};

/** While a picture waits for the detector, its faces are asked for again this often. */
const PENDING_POLL_MS = 3_000;

export const faceQueries = {
  /** A picture's faces; polled while the detector has not read it yet. */
  file: (fileId: number) =>
    queryOptions({
      queryKey: faceKeys.file(fileId),
      queryFn: (context) => call('fileFaces', { params: { id: fileId } }, fetchOptions(context)),
      refetchInterval: (query) =>
        query.state.data?.status === 'pending' ? PENDING_POLL_MS : false,
    }),
  people: () =>
    queryOptions({
      queryKey: faceKeys.people,
      queryFn: (context) => call('facesPeople', {}, fetchOptions(context)),
    }),
  unknown: (page: number) =>
    queryOptions({
      queryKey: faceKeys.unknown(page),
      queryFn: (context) => call('facesUnknown', { query: { page } }, fetchOptions(context)),
      placeholderData: keepPreviousData,
    }),
  admin: () =>
    queryOptions({
      queryKey: faceKeys.admin,
      queryFn: (context) => call('facesAdmin', {}, fetchOptions(context)),
      // The backfill's progress moves while the screen is open.
      refetchInterval: (query) =>
        query.state.data?.backfill &&
        ['queued', 'running'].includes(query.state.data.backfill.state)
          ? PENDING_POLL_MS
          : false,
    }),
};

/*
 * Naming a face changes suggestions on other pictures, the people's counts and the lists the
 * picture is in: every faces query goes stale, and the participants (their counts).
 */
const stale = () => [faceKeys.all, organisationKeys.participants];

export const useNameFace = mutationHook(
  ({ id, participantId }: { id: number; participantId: number | null }) =>
    call('faceUpdate', { params: { id }, body: { participant_id: participantId } }),
  stale,
);

export const useRejectFace = mutationHook(
  ({ id, participantId }: { id: number; participantId: number }) =>
    call('faceUpdate', { params: { id }, body: { rejected_participant_id: participantId } }),
  stale,
);

export const useDeleteFace = mutationHook(
  (id: number) => call('faceDelete', { params: { id } }),
  stale,
);

export const useAddFace = mutationHook(
  ({ fileId, box }: { fileId: number; box: FaceBox }) =>
    call('fileFaceCreate', { params: { id: fileId }, body: { box } }),
  stale,
);

export const useNameGroup = mutationHook(
  ({ id, participantId }: { id: number; participantId: number }) =>
    call('faceGroupName', { params: { id }, body: { participant_id: participantId } }),
  stale,
);

/** "Not them" for a whole group of unknown faces, in one request. */
export const useRejectGroup = mutationHook(
  ({ id, participantId }: { id: number; participantId: number }) =>
    call('faceGroupName', { params: { id }, body: { rejected_participant_id: participantId } }),
  stale,
);

/** A new participant, named from a face's "who is this?" field. */
export const useCreatePerson = mutationHook(
  (name: string) => call('participantCreate', { body: { name } }, { validationCheck: true }),
  () => [organisationKeys.participants],
);

export const useUpdateFacesSettings = mutationHook(
  (body: { enabled?: boolean; auto_link?: boolean }) => call('facesAdminUpdate', { body }),
  () => [faceKeys.all],
);

export const useQueueBackfill = mutationHook(
  () => call('facesBackfill'),
  () => [faceKeys.admin],
);

export const useDeleteAllFaces = mutationHook(() => call('facesDeleteAll'), stale);
