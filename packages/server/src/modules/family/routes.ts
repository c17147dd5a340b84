import { routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { found } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { familyOf, familyTree } from './family.js';
import type { FamilyActor } from './revisions.js';
import { createRelationFor, deleteRelation, updateRelation } from './service.js';

/** Who is writing: the routes that write need a logged-in editor. */
export function actorOf(request: FastifyRequest): FamilyActor {
  const user = request.auth.user!;
  return { id: user.id, name: user.name };
}

export function registerFamilyRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, routes.participantFamily, async (request) =>
    found(await familyOf(ctx.db, request.params.id)),
  );

  addRoute(app, routes.relationCreate, async (request, reply) => {
    const relation = await createRelationFor(
      ctx,
      request.params.id,
      request.body,
      actorOf(request),
    );
    reply.code(201);
    return { message: say(request, 'family.relation_created'), relation };
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

  addRoute(app, routes.familyTree, async (request) =>
    found(await familyTree(ctx.db, request.query.participant, request.query.generations)),
  );
}
