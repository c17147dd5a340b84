import { route } from './route-def.js';
import { idParam, messageBody } from './schemas/common.js';
import {
  failedJobPageSchema,
  failedJobRetried,
  failedJobsCounted,
  failedJobsQuery,
} from './schemas/jobs.js';

/**
 * Background jobs that failed every attempt (the admin's failed jobs tab): list, queue again
 * (with fresh attempts; the failure is then forgotten), forget. Admin only.
 */
export const jobRouteTable = {
  failedJobs: route({
    method: 'GET',
    path: '/api/failed-jobs',
    access: 'admin',
    query: failedJobsQuery,
    responses: { 200: failedJobPageSchema },
  }),
  failedJobRetry: route({
    method: 'POST',
    path: '/api/failed-jobs/:id/retry',
    access: 'admin',
    params: idParam,
    responses: {
      200: failedJobRetried,
      409: messageBody.describe('No job of that name is declared any more: it cannot run'),
    },
  }),
  /** Failures of jobs no longer declared stay listed. */
  failedJobsRetryAll: route({
    method: 'POST',
    path: '/api/failed-jobs/retry-all',
    access: 'admin',
    responses: { 200: failedJobsCounted },
  }),
  failedJobDelete: route({
    method: 'DELETE',
    path: '/api/failed-jobs/:id',
    access: 'admin',
    params: idParam,
    responses: { 200: messageBody },
  }),
  failedJobsDeleteAll: route({
    method: 'DELETE',
    path: '/api/failed-jobs',
    access: 'admin',
    responses: { 200: failedJobsCounted },
  }),
};
