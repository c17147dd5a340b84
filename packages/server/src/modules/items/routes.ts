import { ITEM_TYPES, itemRoutes, routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { found } from '../../http/errors.js';
import { paginated, type Page } from '../../http/paginate.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { bulkAnswer, deleteBulkForGood, runBulk } from './bulk.js';
import { historyFeed } from './feed.js';
import { correlation, listItems, listRevisions, searchAll, type ExtraSearch } from './queries.js';
import { findItem, hardDeleteItem, itemEntity, setTrashed, updateItem } from './item-entity.js';
import { createItem, separateItem, type Actor } from './service.js';

/**
 * The same routes for each item base (the spec's sixteen and the bulk ones), and
 * `GET /api/search`, where `searchOthers` adds the records (app.ts hands it in: records depend
 * on this module, not the other way round).
 */
export function registerItemRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  searchOthers?: ExtraSearch,
) {
  const page = <T>(request: FastifyRequest, rows: Page<T>) =>
    paginated(request, ctx.config.appUrl, rows);
  const actor = (request: FastifyRequest): Actor => {
    const user = request.auth.user!;
    return { id: user.id, name: user.name };
  };

  for (const type of ITEM_TYPES) {
    const r = itemRoutes[type];

    addRoute(app, r.all, async (request) =>
      page(request, await listItems(ctx, type, 'live', { by: 'all' }, request.query)),
    );
    addRoute(app, r.search, async (request) => {
      const scope = { by: 'search', query: request.query.query } as const;
      return page(request, await listItems(ctx, type, 'live', scope, request.query));
    });
    for (const by of ['category', 'participant', 'tag'] as const) {
      // The three filters are declared alike; one of them names the shape for the compiler.
      const filterRoute = r[by] as typeof r.category;
      addRoute(app, filterRoute, async (request) => {
        const scope = { by, id: request.params.id };
        return page(request, await listItems(ctx, type, 'live', scope, request.query));
      });
    }
    addRoute(app, r.deleted, async (request) =>
      page(request, await listItems(ctx, type, 'deleted', { by: 'all' }, request.query)),
    );
    addRoute(app, r.deletedAndRevisions, async (request) =>
      page(request, await listItems(ctx, type, 'deletedOrRevised', { by: 'all' }, request.query)),
    );
    addRoute(app, r.correlation, async (request) =>
      page(request, await correlation(ctx, type, request.query)),
    );
    addRoute(app, r.revisions, async (request) =>
      page(request, await listRevisions(ctx, type, request.params.id, request.query)),
    );
    addRoute(app, r.single, (request) => findItem(ctx, type, request.params.id));

    addRoute(app, r.create, async (request, reply) => {
      const item = await createItem(ctx, type, request.body, actor(request));
      reply.code(201);

      return { message: say(request, 'items.created'), item };
    });
    addRoute(app, r.update, async (request) => {
      const result = found(
        await updateItem(ctx, type, request.params.id, request.body, actor(request)),
      );
      const key = result.revision ? 'items.updated' : 'items.unchanged';
      return { message: say(request, key), ...result };
    });
    addRoute(app, r.separate, async (request) => {
      const item = found(await separateItem(ctx, type, request.params.id));
      return { message: say(request, 'items.separated'), item };
    });
    addRoute(app, r.delete, async (request) => {
      found(await setTrashed(ctx, type, request.params.id, true));
      return { message: say(request, 'items.trashed') };
    });
    addRoute(app, r.restore, async (request) => {
      const item = found(await setTrashed(ctx, type, request.params.id, false));
      return { message: say(request, 'items.restored'), item };
    });
    addRoute(app, r.hardDelete, async (request) => {
      found(await hardDeleteItem(ctx, type, request.params.id, request.auth.user?.id ?? null));
      return { message: say(request, 'items.hard_deleted') };
    });
    addRoute(app, r.bulk, async (request) => {
      const outcome = await runBulk(ctx, itemEntity(type), request.body, actor(request));
      return bulkAnswer(request, outcome);
    });
    addRoute(app, r.bulkHardDelete, async (request) =>
      bulkAnswer(
        request,
        await deleteBulkForGood(
          ctx,
          itemEntity(type),
          request.body.ids,
          request.auth.user?.id ?? null,
        ),
      ),
    );
    addRoute(app, r.emptyTrash, async (request) =>
      bulkAnswer(
        request,
        await deleteBulkForGood(ctx, itemEntity(type), null, request.auth.user?.id ?? null),
      ),
    );
  }

  addRoute(app, routes.historyFeed, async (request) =>
    page(request, await historyFeed(ctx, request.query)),
  );
  addRoute(app, routes.searchAll, async (request) =>
    page(request, await searchAll(ctx, request.query, searchOthers)),
  );
}
