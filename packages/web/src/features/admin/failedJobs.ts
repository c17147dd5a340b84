import { call } from '@/shared/api/call';
import { mutationHook } from '@/shared/query/mutation';
import { pageQuery } from './listQueries';

/** Failed jobs a page shows. */
export const FAILED_JOBS_PER_PAGE = 20;

export const failedJobKeys = {
  all: ['failed-jobs'] as const,
  page: (page: number) => ['failed-jobs', page] as const,
};

export const failedJobQueries = {
  page: (page: number) =>
    pageQuery(failedJobKeys.page(page), (signal) =>
      call('failedJobs', { query: { page, per_page: FAILED_JOBS_PER_PAGE } }, { signal }),
    ),
};

const stale = () => [failedJobKeys.all];

export const useRetryFailedJob = mutationHook(
  (id: number) => call('failedJobRetry', { params: { id } }),
  stale,
);
export const useRetryAllFailedJobs = mutationHook(() => call('failedJobsRetryAll', {}), stale);
export const useDeleteFailedJob = mutationHook(
  (id: number) => call('failedJobDelete', { params: { id } }),
  stale,
);
export const useDeleteAllFailedJobs = mutationHook(() => call('failedJobsDeleteAll', {}), stale);
