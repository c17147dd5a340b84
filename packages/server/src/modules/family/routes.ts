import { routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { found } from '../../http/errors.js';
import { pageWindow, paginated } from '../../http/paginate.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { familyOf, familyTree } from './family.js';
import { portraitChoices } from './portraits.js';
import { familyRevisionsOf, type FamilyActor } from './revisions.js';
import { createRelationFor, deleteRelation, updateRelation, type PersonMaker } from './service.js';

/** Who is writing: the routes that write need a logged-in editor. */
export function actorOf(request: FastifyRequest): FamilyActor {
  const user = request.auth.user!;
  return { id: user.id, name: user.name };
}

/** What the family's routes need of other modules that import this one. */
export interface FamilyRouteDeps {
  /** Makes the new relative of `POST /api/participants/{id}/relations` (modules/participants). */
  createPerson: PersonMaker;
}

export function registerFamilyRoutes(app: FastifyInstance, ctx: AppContext, deps: FamilyRouteDeps) {
  addRoute(app, routes.participantFamily, async (request) =>
    found(await familyOf(ctx.db, request.params.id)),
  );

  addRoute(app, routes.relationCreate, async (request, reply) => {
    const created = await createRelationFor(
      ctx,
      deps.createPerson,
      request.params.id,
      request.body,
      actorOf(request),
    );
    reply.code(201);
    return { message: say(request, 'family.relation_created'), ...created };
  });

  addRoute(app, routes.relationUpdate, async (request) => {
    const relation = found(
      await updateRelation(ctx, request.params.id, request.body, actorOf(request)),
    );
    return { message: say(request, 'family.relation_updated'), relation };
  });

  addRoute(app, routes.relationDelete, async (request) => {
    found(await deleteRelation(ctx, request.params.id, actorOf(request)));
    return { message: say(request, 'family.relation_deleted') };
  });

  addRoute(app, routes.participantPortraits, async (request) =>
    found(await portraitChoices(ctx.db, request.params.id)),
  );

  addRoute(app, routes.participantRevisions, async (request) => {
    const window = pageWindow(request.query);
    const page = found(await familyRevisionsOf(ctx.db, request.params.id, window));
    return paginated(request, ctx.config.appUrl, { window, total: page.total, data: page.rows });
  });

  addRoute(app, routes.familyTree, async (request) =>
    found(await familyTree(ctx.db, request.query.participant, request.query.generations)),
  );
}
