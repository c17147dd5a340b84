import fastifyMultipart from '@fastify/multipart';
import { hasPermission, routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { fieldError, found, HttpError, notFound } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { requestLanguage, say } from '../../i18n/translate.js';
import { pageWindow, paginated } from '../../http/paginate.js';
import { permissionsOf } from '../users/index.js';
import { sendFile } from './download.js';
import {
  listDeletedMedias,
  purgeAllDeletedMedias,
  purgeDeletedMedia,
  restoreDeletedMedia,
  retentionSettings,
  saveRetentionSettings,
} from './deleted.js';
import { filesRepository, isDeleted, isTemporary } from './repository.js';
import { attachUploads, deleteFile, revertUpload, type OwnerLookups } from './service.js';
import { itemFilesAttached } from './picture-hooks.js';
import { receiveUpload } from './upload.js';

/** FilePond's protocol, `addfilepond` and file downloads (see the contract's file-routes.ts). */
export async function registerFileRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  lookups: OwnerLookups,
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
    const row = await receiveUpload(
      ctx,
      part,
      ctx.config.uploadMaxBytes,
      userId(request),
      request.log,
    );
    // FilePond takes the whole text/plain body as the server id.
    return reply.code(201).type('text/plain; charset=utf-8').send(row.upload_token);
  });

  addRoute(app, routes.filepondRevert, async (request) => {
    await revertUpload(ctx, request.body, userId(request), request.log);
    return { message: say(request, 'files.reverted') };
  });

  // Audio parts of a record are the record's content: changing them needs `records.edit` too.
  const assertMayEditRecords = (request: FastifyRequest) => {
    const user = request.auth.user;
    const permissions = user ? permissionsOf(user) : [];
    if (!hasPermission({ permissions }, 'records.edit')) throw new HttpError(403, 'auth.forbidden');
  };

  addRoute(app, routes.addFilepond, async (request) => {
    if (request.body.modelType === 'record') assertMayEditRecords(request);
    const files = await attachUploads(
      ctx,
      {
        tokens: request.body.newmedias,
        itemId: request.body.modelId,
        type: request.body.modelType,
        userId: userId(request),
      },
      lookups,
    );
    if (request.body.modelType !== 'record') {
      await itemFilesAttached(
        ctx,
        files.map((file) => file.id),
        request.log,
      );
    }
    return { message: say(request, 'files.attached'), files };
  });

  const isAdmin = (request: FastifyRequest) => {
    const user = request.auth.user;
    return !!user && permissionsOf(user).includes('admin');
  };

  addRoute(app, routes.fileDownload, async (request, reply) => {
    const row = await filesRepository(ctx.db).find(request.params.id);
    // Temporary uploads are only reachable through FilePond, by their uploader; deleted medias
    // by administrators only (their screen's previews).
    if (!row || isTemporary(row) || (isDeleted(row) && !isAdmin(request))) throw notFound();
    return sendFile(ctx, row, request.query.thumb, request, reply);
  });

  addRoute(app, routes.fileDelete, async (request) => {
    const row = await filesRepository(ctx.db).find(request.params.id);
    if (row?.record_id != null) assertMayEditRecords(request);
    found(await deleteFile(ctx, request.params.id, userId(request), lookups));
    return { message: say(request, 'files.deleted') };
  });

  addRoute(app, routes.deletedMedias, async (request) => {
    const window = pageWindow(request.query);
    const { rows, total } = await listDeletedMedias(ctx, window.offset, window.limit);
    return paginated(request, ctx.config.appUrl, { window, total, data: rows });
  });

  addRoute(app, routes.deletedMediaRestore, async (request) => {
    const user = request.auth.user!;
    const restored = found(
      await restoreDeletedMedia(
        ctx,
        request.params.id,
        { language: requestLanguage(request), actor: { id: user.id, name: user.name } },
        lookups,
      ),
    );
    const key = restored.created ? 'files.restored_to_new_media' : 'files.restored';
    return { message: say(request, key, { title: restored.owner.title }), ...restored };
  });

  addRoute(app, routes.deletedMediaPurge, async (request) => {
    found(await purgeDeletedMedia(ctx, request.params.id, request.log));
    return { message: say(request, 'files.purged') };
  });

  addRoute(app, routes.deletedMediasPurgeAll, async (request) => {
    const count = await purgeAllDeletedMedias(ctx, request.log);
    return { message: say(request, 'files.purged_all', { count }), count };
  });

  addRoute(app, routes.retentionSettings, () => retentionSettings(ctx));

  addRoute(app, routes.retentionSettingsUpdate, async (request) => {
    await saveRetentionSettings(ctx, request.body);
    return { message: say(request, 'files.retention_saved'), ...(await retentionSettings(ctx)) };
  });
}
