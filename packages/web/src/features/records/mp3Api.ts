import { queryOptions } from '@tanstack/react-query';
import type { RecordMp3Status } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { fetchOptions } from '@/shared/query/preload';
import { mutationHook } from '@/shared/query/mutation';
import { recordKeys } from './api';

export const mp3Keys = {
  status: (id: number) => [...recordKeys.all, 'mp3', id] as const,
  file: (id: number) => [...recordKeys.all, 'mp3-file', id] as const,
};

const working = (status: RecordMp3Status | undefined) =>
  status?.status === 'queued' || status?.status === 'running';

export const mp3Queries = {
  /** Where the record's MP3 stands; asked every second while a job is queued or running. */
  status: (id: number) =>
    queryOptions({
      queryKey: mp3Keys.status(id),
      queryFn: (context) =>
        call(
          'recordMp3Status',
          { params: { id } },
          // Polling stays out of the loading bar and, failing, out of the toasts.
          { ...fetchOptions(context), background: true, silent: true },
        ),
      staleTime: 0,
      refetchInterval: (query) => (working(query.state.data) ? 1000 : false),
    }),
  /** The MP3's address (get-records-file), once the status says it is ready. */
  file: (id: number) =>
    queryOptions({
      queryKey: mp3Keys.file(id),
      queryFn: (context) =>
        call('recordMp3File', { params: { id } }, { ...fetchOptions(context), silent: true }),
      staleTime: 0,
      retry: false,
    }),
};

/** Queues the generation; its answer is the new status (queued, or ready when already made). */
export const useGenerateMp3 = mutationHook(
  (id: number) => call('recordMp3Generate', { params: { id } }),
  (id) => [mp3Keys.status(id), mp3Keys.file(id)],
  (queryClient, answer, id) => {
    const { message: _message, ...status } = answer;
    queryClient.setQueryData(mp3Keys.status(id), status);
  },
);

export { working as mp3Working };
