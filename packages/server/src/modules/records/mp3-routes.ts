import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { fieldError, found, HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { mp3Name, sendMp3 } from './mp3-download.js';
import { recordMp3Jobs } from './mp3-job.js';
import { recordMp3State } from './mp3-service.js';

/** How long a client should wait before asking again for an MP3 being generated (seconds). */
const RETRY_AFTER = 5;

/** MP3 generation of records (routes declared in the contract's record-routes.ts). */
export function registerRecordMp3Routes(app: FastifyInstance, ctx: AppContext) {
  // The job itself is declared with the module's jobs (declareRecordJobs), routes or not.
  const jobs = recordMp3Jobs(ctx);
  addRoute(app, routes.recordMp3Generate, async (request, reply) => {
    const id = request.params.id;
    let status = found(await jobs.status(id));
    if (status.status === 'no_parts') throw fieldError('files', 'records.mp3_no_parts');
    if (status.status === 'ready') return { message: say(request, 'records.mp3_ready'), ...status };
    if (status.status !== 'queued' && status.status !== 'running') {
      const jobId = await jobs.enqueue(id);
      status = found(await jobs.status(id));
      // A worker may already be done with it; otherwise name the job just queued.
      if (status.status !== 'ready') status = { ...status, job_id: status.job_id ?? jobId };
    }
    if (status.status === 'ready') return { message: say(request, 'records.mp3_ready'), ...status };
    reply.code(202);
    return { message: say(request, 'records.mp3_queued'), ...status };
  });

  addRoute(app, routes.recordMp3Status, async (request) =>
    found(await jobs.status(request.params.id)),
  );

  addRoute(app, routes.recordMp3File, async (request) => {
    const status = found(await jobs.status(request.params.id));
    switch (status.status) {
      case 'ready':
        return { url: status.url! };
      case 'queued':
      case 'running':
        throw new HttpError(
          409,
          'records.mp3_generating',
          {},
          { 'Retry-After': String(RETRY_AFTER) },
        );
      case 'no_parts':
        throw new HttpError(404, 'records.mp3_no_parts');
      default:
        throw new HttpError(404, 'records.mp3_missing');
    }
  });

  addRoute(app, routes.recordMp3Download, async (request, reply) => {
    const id = request.params.id;
    const state = await recordMp3State(ctx, id);
    if (state.kind === 'missing-record') throw new HttpError(404, 'http.not_found');
    if (state.kind !== 'ready') throw new HttpError(404, 'records.mp3_missing');
    return sendMp3(ctx.storage.mp3, { ...state, name: mp3Name(state.title, id) }, request, reply);
  });
}
