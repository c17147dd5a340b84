import { routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { ocrAdminState, updateOcrSettings } from './admin.js';
import { queueBackfill, READ_JOB, type ReadPayload } from './read-job.js';
import { correctFileText, fileText, fileTextRevisions, scanFile } from './service.js';
import { ocrEnabled } from './settings.js';

const actor = (request: FastifyRequest) => {
  const user = request.auth.user!;
  return { id: user.id, name: user.name };
};

export function registerOcrRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, routes.fileText, async (request) => fileText(ctx, request.params.id));

  addRoute(app, routes.fileTextUpdate, async (request) => {
    const text = await correctFileText(ctx, request.params.id, request.body.text, actor(request));
    return { message: say(request, 'ocr.corrected'), text };
  });

  addRoute(app, routes.fileTextRevisions, async (request) =>
    fileTextRevisions(ctx, request.params.id),
  );

  addRoute(app, routes.fileTextRead, async (request, reply) => {
    await scanFile(ctx, request.params.id);
    if (!(await ocrEnabled(ctx))) throw new HttpError(409, 'ocr.off');
    const jobId = await ctx.jobs.enqueue<ReadPayload>(READ_JOB, {
      fileId: request.params.id,
      again: true,
      ...(request.body.languages ? { languages: request.body.languages } : {}),
    });
    reply.code(202);
    return { message: say(request, 'ocr.read_queued'), job_id: jobId };
  });

  addRoute(app, routes.ocrAdmin, async () => ocrAdminState(ctx));

  addRoute(app, routes.ocrAdminUpdate, async (request) => {
    if (!ctx.config.ocr && request.body.enabled) throw new HttpError(409, 'ocr.unavailable');
    await updateOcrSettings(ctx, request.body.enabled);
    return { message: say(request, 'ocr.settings_saved'), settings: await ocrAdminState(ctx) };
  });

  addRoute(app, routes.ocrBackfill, async (request, reply) => {
    if (!(await ocrEnabled(ctx))) throw new HttpError(409, 'ocr.off');
    const jobId = await queueBackfill(ctx);
    reply.code(202);
    return { message: say(request, 'ocr.backfill_queued'), job_id: jobId };
  });
}
