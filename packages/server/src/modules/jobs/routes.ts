import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { found, HttpError } from '../../http/errors.js';
import { pageWindow, paginated } from '../../http/paginate.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { UnknownJobError } from '../../jobs/index.js';
import { presentFailedJob } from './present.js';

/** The admin's failed jobs: whichever backend ran them, their failures are in failed_jobs. */
export function registerJobRoutes(app: FastifyInstance, ctx: AppContext) {
  const failed = ctx.jobs.failed;

  addRoute(app, routes.failedJobs, async (request) => {
    const window = pageWindow(request.query);
    const { rows, total } = await failed.list(window.page, window.perPage);
    return paginated(request, ctx.config.appUrl, {
      window,
      total,
      data: rows.map(presentFailedJob),
    });
  });

  addRoute(app, routes.failedJobRetry, async (request) => {
    try {
      const jobId = found(await failed.retry(request.params.id));
      return { message: say(request, 'jobs.retried'), job_id: jobId };
    } catch (error) {
      if (error instanceof UnknownJobError) throw new HttpError(409, 'jobs.unknown');
      throw error;
    }
  });

  addRoute(app, routes.failedJobsRetryAll, async (request) => {
    const count = await failed.retryAll();
    return { message: say(request, 'jobs.retried_all', { count }), count };
  });

  addRoute(app, routes.failedJobDelete, async (request) => {
    found(await failed.delete(request.params.id));
    return { message: say(request, 'jobs.deleted') };
  });

  addRoute(app, routes.failedJobsDeleteAll, async (request) => {
    const count = await failed.deleteAll();
    return { message: say(request, 'jobs.deleted_all', { count }), count };
  });
}
