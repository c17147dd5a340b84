import { ITEM_TYPES, itemRoutes, routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { languageOf, translate, type MessageKey } from '../../i18n/translate.js';
import { correlation, findItem, listItems, listRevisions, searchAll } from './queries.js';
import {
  createItem,
  hardDeleteItem,
  separateItem,
  setTrashed,
  updateItem,
  type Actor,
} from './service.js';

function found<T>(value: T | undefined | false): T {
  if (value === undefined || value === false) throw new HttpError(404, 'http.not_found');
  return value;
}

/** The same sixteen routes for each of the four item bases, from the contract's route table. */
export function registerItemRoutes(app: FastifyInstance, ctx: AppContext) {
  const say = (request: FastifyRequest, key: MessageKey) =>
    translate(languageOf(request.headers['accept-language']), key);
  const actor = (request: FastifyRequest): Actor => {
    const user = request.auth.user!;
    return { id: user.id, name: user.name };
  };

  for (const type of ITEM_TYPES) {
    const r = itemRoutes[type];

    addRoute(app, r.all, (request) =>
      listItems(ctx, request, type, 'live', { by: 'all' }, request.query),
    );
    addRoute(app, r.search, (request) =>
      listItems(
        ctx,
        request,
        type,
        'live',
        { by: 'search', query: request.query.query },
        request.query,
      ),
    );
    for (const by of ['category', 'participant', 'tag'] as const) {
      addRoute(app, r[by], (request) =>
        listItems(ctx, request, type, 'live', { by, id: request.params.id }, request.query),
      );
    }
    addRoute(app, r.deleted, (request) =>
      listItems(ctx, request, type, 'deleted', { by: 'all' }, request.query),
    );
    addRoute(app, r.deletedAndRevisions, (request) =>
      listItems(ctx, request, type, 'deletedOrRevised', { by: 'all' }, request.query),
    );
    addRoute(app, r.correlation, (request) => correlation(ctx, request, type, request.query));
    addRoute(app, r.revisions, (request) =>
      listRevisions(ctx, request, type, request.params.id, request.query),
    );
    addRoute(app, r.single, (request) => findItem(ctx, type, request.params.id));

    addRoute(app, r.create, async (request, reply) => {
      const item = await createItem(ctx, type, request.body);
      return reply.code(201).send({ message: say(request, 'items.created'), item });
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
      found(await hardDeleteItem(ctx, type, request.params.id));
      return { message: say(request, 'items.hard_deleted') };
    });
  }

  addRoute(app, routes.searchAll, (request) => searchAll(ctx, request, request.query));
}
