import { routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { found } from '../../http/errors.js';
import { paginated } from '../../http/paginate.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { registerRecordMp3Routes } from './mp3-routes.js';
import { registerRecordSegmentRoutes } from './segments/index.js';
import { listRecordRevisions, listRecords } from './queries.js';
import { recordsRepository } from './repository.js';
import { bulkAnswer, deleteBulkForGood, runBulk } from '../items/index.js';
import {
  findRecord,
  hardDeleteRecord,
  recordEntity,
  setRecordTrashed,
  updateRecord,
} from './entity.js';
import { createRecord, orderRecordFiles, type Actor } from './service.js';

/** The records routes (the contract's record-routes.ts). */
export function registerRecordRoutes(app: FastifyInstance, ctx: AppContext) {
  const actor = (request: FastifyRequest): Actor => {
    const user = request.auth.user!;
    return { id: user.id, name: user.name };
  };

  addRoute(app, routes.records, async (request) =>
    paginated(request, ctx.config.appUrl, await listRecords(ctx, request.query)),
  );
  addRoute(app, routes.recordOwners, () => recordsRepository(ctx.db).owners());
  addRoute(app, routes.record, (request) => findRecord(ctx, request.params.id));
  addRoute(app, routes.recordRevisions, async (request) =>
    paginated(
      request,
      ctx.config.appUrl,
      await listRecordRevisions(ctx, request.params.id, request.query),
    ),
  );
  addRoute(app, routes.recordCreate, async (request, reply) => {
    const record = await createRecord(ctx, request.body);
    reply.code(201);
    return { message: say(request, 'records.created'), record };
  });
  addRoute(app, routes.recordUpdate, async (request) => {
    const result = found(await updateRecord(ctx, request.params.id, request.body, actor(request)));
    const key = result.revision ? 'records.updated' : 'records.unchanged';
    return { message: say(request, key), ...result };
  });
  addRoute(app, routes.recordDelete, async (request) => {
    found(await setRecordTrashed(ctx, request.params.id, true));
    return { message: say(request, 'records.trashed') };
  });
  addRoute(app, routes.recordRestore, async (request) => {
    const record = found(await setRecordTrashed(ctx, request.params.id, false));
    return { message: say(request, 'records.restored'), record };
  });
  addRoute(app, routes.recordHardDelete, async (request) => {
    found(await hardDeleteRecord(ctx, request.params.id, request.auth.user?.id ?? null));
    return { message: say(request, 'records.hard_deleted') };
  });
  addRoute(app, routes.recordBulk, async (request) =>
    bulkAnswer(request, await runBulk(ctx, recordEntity, request.body, actor(request))),
  );
  addRoute(app, routes.recordBulkHardDelete, async (request) =>
    bulkAnswer(
      request,
      await deleteBulkForGood(ctx, recordEntity, request.body.ids, request.auth.user?.id ?? null),
    ),
  );
  addRoute(app, routes.recordEmptyTrash, async (request) =>
    bulkAnswer(
      request,
      await deleteBulkForGood(ctx, recordEntity, null, request.auth.user?.id ?? null),
    ),
  );
  addRoute(app, routes.recordFilesOrder, async (request) => {
    const files = found(await orderRecordFiles(ctx, request.params.id, request.body.files));
    return { message: say(request, 'records.files_ordered'), files };
  });
  registerRecordMp3Routes(app, ctx);
  registerRecordSegmentRoutes(app, ctx);
}
