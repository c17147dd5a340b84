import type { DownloadEntry, ExportCreateBody } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { mutationHook } from '@/shared/query/mutation';
import { liveListQuery } from './listQueries';

export const downloadKeys = {
  all: ['downloads'] as const,
};

/** Whether an export in the list is still being written (the list is then polled). */
export const isRunning = (entry: DownloadEntry) =>
  entry.export?.status === 'queued' || entry.export?.status === 'running';

export const downloadQueries = {
  list: () =>
    liveListQuery(
      downloadKeys.all,
      (signal) => call('downloads', {}, { signal, background: true }),
      isRunning,
    ),
};

const stale = () => [downloadKeys.all];

export const useStartExport = mutationHook(
  (body: ExportCreateBody) => call('exportCreate', { body }, { validationCheck: true }),
  stale,
);
export const useDeleteExport = mutationHook(
  (id: number) => call('exportDelete', { params: { id } }),
  stale,
);
