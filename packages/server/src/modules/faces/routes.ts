import { FACE_LIMITS, routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError, notFound } from '../../http/errors.js';
import { pageWindow, paginated } from '../../http/paginate.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { sendStored } from '../../storage/index.js';
import { deleteAllFaceData, facesAdminState, updateFacesSettings } from './admin.js';
import { faceCrop } from './crop.js';
import { queueBackfill } from './detect-job.js';
import { facesDb } from './repository.js';
import {
  addFace,
  deleteFace,
  fileFaces,
  nameGroup,
  rejectGroup,
  unknownGroups,
  updateFace,
} from './service.js';
import { facePeople } from './people.js';
import { facesEnabled } from './settings.js';

const userId = (request: FastifyRequest) => request.auth.user!.id;

export function registerFaceRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, routes.fileFaces, async (request) => fileFaces(ctx, request.params.id));

  addRoute(app, routes.fileFaceCreate, async (request, reply) => {
    const face = await addFace(ctx, request.params.id, request.body, userId(request));
    reply.code(201);
    return { message: say(request, 'faces.created'), face };
  });

  addRoute(app, routes.faceUpdate, async (request) => {
    const face = await updateFace(ctx, request.params.id, request.body, userId(request));
    const key =
      request.body.participant_id === undefined
        ? 'faces.rejected'
        : request.body.participant_id === null
          ? 'faces.unnamed'
          : 'faces.named';
    return { message: say(request, key), face };
  });

  addRoute(app, routes.faceDelete, async (request) => {
    await deleteFace(ctx, request.params.id);
    return { message: say(request, 'faces.deleted') };
  });

  addRoute(app, routes.faceCrop, async (request, reply) => {
    const face = await facesDb(ctx.db)
      .selectFrom('faces as f')
      .innerJoin('files as fl', 'fl.id', 'f.file_id')
      .select(['f.id', 'f.box_x', 'f.box_y', 'f.box_width', 'f.box_height', 'fl.storage_key'])
      .where('f.id', '=', request.params.id)
      .where('fl.item_id', 'is not', null)
      .where('fl.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!face) throw notFound();
    const key = await faceCrop(ctx, {
      id: face.id,
      storage_key: face.storage_key,
      box: { x: face.box_x, y: face.box_y, width: face.box_width, height: face.box_height },
    });
    if (!key) throw notFound();
    return sendStored(
      { storage: ctx.storage.faces, key, etag: `"face-${face.id}"`, type: 'image/jpeg' },
      request,
      reply,
    );
  });

  addRoute(app, routes.facesUnknown, async (request) => {
    const window = pageWindow(request.query);
    const { rows, total } = await unknownGroups(
      ctx,
      window.offset,
      window.limit,
      FACE_LIMITS.groupFaces,
    );
    return paginated(request, ctx.config.appUrl, { window, total, data: rows });
  });

  addRoute(app, routes.facesPeople, async () => facePeople(ctx));

  addRoute(app, routes.faceGroupName, async (request) => {
    const { participant_id, rejected_participant_id, except = [] } = request.body;
    if (rejected_participant_id !== undefined) {
      const count = await rejectGroup(ctx, request.params.id, rejected_participant_id);
      return { message: say(request, 'faces.group_rejected', { count }), count };
    }
    const count = await nameGroup(ctx, request.params.id, participant_id!, except, userId(request));
    return { message: say(request, 'faces.group_named', { count }), count };
  });

  addRoute(app, routes.facesAdmin, async () => facesAdminState(ctx));

  addRoute(app, routes.facesAdminUpdate, async (request) => {
    if (!ctx.config.faces && request.body.enabled) throw new HttpError(409, 'faces.unavailable');
    await updateFacesSettings(ctx, request.body);
    return { message: say(request, 'faces.settings_saved'), settings: await facesAdminState(ctx) };
  });

  addRoute(app, routes.facesBackfill, async (request, reply) => {
    if (!(await facesEnabled(ctx))) throw new HttpError(409, 'faces.off');
    const jobId = await queueBackfill(ctx);
    reply.code(202);
    return { message: say(request, 'faces.backfill_queued'), job_id: jobId };
  });

  addRoute(app, routes.facesDeleteAll, async (request) => {
    const count = await deleteAllFaceData(ctx);
    return { message: say(request, 'faces.data_deleted', { count }), count };
  });
}
