import fastifyMultipart from '@fastify/multipart';
import { routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { fieldError, found, HttpError, notFound } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { sendFile } from './download.js';
import { filesRepository } from './repository.js';
import { attachUploads, deleteFile, revertUpload, type ItemLookup } from './service.js';
import { receiveUpload } from './upload.js';

/** FilePond's protocol, `addfilepond` and file downloads (see the contract's file-routes.ts). */
export async function registerFileRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  findItem: ItemLookup,
) {
  await app.register(fastifyMultipart, {
    // One file per request, as FilePond sends it, plus its small metadata field.
    limits: {
      files: 1,
      fields: 5,
      fieldSize: 64 * 1024,
      parts: 10,
      fileSize: ctx.config.uploadMaxBytes,
    },
  });
  const userId = (request: FastifyRequest) => request.auth.user!.id;

  addRoute(app, routes.filepondProcess, async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(415, 'http.unsupported_media_type');
    // A multipart body without a boundary or with broken headers fails here: the client's error.
    const part = await request.file().catch(() => {
      throw new HttpError(400, 'http.bad_request');
    });
    if (!part) throw fieldError('filepond', 'files.missing');
    const row = await receiveUpload(ctx, part, ctx.config.uploadMaxBytes, userId(request));
    // FilePond takes the whole text/plain body as the server id.
    return reply.code(201).type('text/plain; charset=utf-8').send(row.upload_token);
  });

  addRoute(app, routes.filepondRevert, async (request) => {
    await revertUpload(ctx, request.body, userId(request), request.log);
    return { message: say(request, 'files.reverted') };
  });

  addRoute(app, routes.addFilepond, async (request) => {
    const files = await attachUploads(
      ctx,
      {
        tokens: request.body.newmedias,
        itemId: request.body.modelId,
        type: request.body.modelType,
        userId: userId(request),
      },
      findItem,
    );
    return { message: say(request, 'files.attached'), files };
  });

  addRoute(app, routes.fileDownload, async (request, reply) => {
    const row = await filesRepository(ctx.db).find(request.params.id);
    // Temporary uploads are only reachable through FilePond, by their uploader.
    if (!row || row.item_id === null) throw notFound();
    return sendFile(ctx, row, request.query.thumb, request, reply);
  });

  addRoute(app, routes.fileDelete, async (request) => {
    found(await deleteFile(ctx, request.params.id, request.log));
    return { message: say(request, 'files.deleted') };
  });
}
