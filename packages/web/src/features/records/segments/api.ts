import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  RecordSegment,
  RecordSegmentCreateBody,
  RecordSegmentDetection,
  RecordSegmentUpdateBody,
} from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { fetchOptions } from '@/shared/query/preload';
import { mutationHook } from '@/shared/query/mutation';
import { recordKeys } from '../api';

export const segmentKeys = {
  list: (recordId: number) => [...recordKeys.all, 'segments', recordId] as const,
  detection: (recordId: number) => [...recordKeys.all, 'segments-detection', recordId] as const,
};

const detecting = (status: RecordSegmentDetection | undefined) =>
  status?.status === 'queued' || status?.status === 'running';

export const segmentQueries = {
  list: (recordId: number) =>
    queryOptions({
      queryKey: segmentKeys.list(recordId),
      queryFn: async (context) =>
        (await call('recordSegments', { params: { id: recordId } }, fetchOptions(context))).data,
      staleTime: 0,
    }),
  /** Where the detection stands; asked every second while its job waits or runs. */
  detection: (recordId: number) =>
    queryOptions({
      queryKey: segmentKeys.detection(recordId),
      queryFn: (context) =>
        call(
          'recordSegmentsDetection',
          { params: { id: recordId } },
          { ...fetchOptions(context), background: true, silent: true },
        ),
      staleTime: 0,
      refetchInterval: (query) => (detecting(query.state.data) ? 1000 : false),
    }),
};

/** A write's answer is the record's whole index: it becomes the list at once. */
const fresh = (queryClient: QueryClient, recordId: number, data: RecordSegment[]) =>
  queryClient.setQueryData(segmentKeys.list(recordId), data);

// The record's history counts the versions these writes keep.
const stale = (recordId: number) => [segmentKeys.list(recordId), recordKeys.single(recordId)];

export const useCreateSegment = mutationHook(
  ({
    recordId,
    body,
  }: {
    recordId: number;
    body: Partial<RecordSegmentCreateBody> & { start: number };
  }) => call('recordSegmentCreate', { params: { id: recordId }, body }),
  ({ recordId }) => stale(recordId),
  (queryClient, answer, { recordId }) => fresh(queryClient, recordId, answer.data),
);

export const useUpdateSegment = mutationHook(
  ({ segment, body }: { segment: RecordSegment; body: RecordSegmentUpdateBody }) =>
    call('recordSegmentUpdate', { params: { id: segment.id }, body }),
  ({ segment }) => stale(segment.record_id),
  (queryClient, answer, { segment }) => fresh(queryClient, segment.record_id, answer.data),
);

export const useDeleteSegment = mutationHook(
  (segment: RecordSegment) => call('recordSegmentDelete', { params: { id: segment.id } }),
  (segment) => stale(segment.record_id),
  (queryClient, answer, segment) => fresh(queryClient, segment.record_id, answer.data),
);

export const useSegmentsFromTimeCodes = mutationHook(
  (recordId: number) => call('recordSegmentsFromTimeCodes', { params: { id: recordId } }),
  (recordId) => stale(recordId),
  (queryClient, answer, recordId) => fresh(queryClient, recordId, answer.data),
);

/** Queues the detection; its answer is the detection's new state, polled from then on. */
export const useDetectSegments = mutationHook(
  (recordId: number) => call('recordSegmentsDetect', { params: { id: recordId }, body: {} }),
  (recordId) => [segmentKeys.detection(recordId)],
  (queryClient, answer, recordId) => {
    const { message: _message, ...status } = answer;
    queryClient.setQueryData(segmentKeys.detection(recordId), status);
  },
);

export { detecting as segmentsDetecting };
