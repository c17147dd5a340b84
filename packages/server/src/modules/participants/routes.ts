import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { found } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { actorOf } from '../family/index.js';
import {
  createParticipant,
  deleteParticipant,
  divideParticipant,
  findParticipant,
  listParticipants,
  mergeParticipants,
  updateParticipant,
} from './service.js';

export function registerParticipantRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, routes.participants, async (request) =>
    listParticipants(ctx, request.query.search),
  );

  addRoute(app, routes.participant, async (request) =>
    found(await findParticipant(ctx, request.params.id)),
  );

  addRoute(app, routes.participantCreate, async (request, reply) => {
    const participant = await createParticipant(ctx, request.body);
    reply.code(201);

    return { message: say(request, 'participants.created'), participant };
  });

  addRoute(app, routes.participantUpdate, async (request) => {
    const participant = found(
      await updateParticipant(ctx, request.params.id, request.body, actorOf(request)),
    );
    return { message: say(request, 'participants.updated'), participant };
  });

  addRoute(app, routes.participantDelete, async (request) => {
    found(await deleteParticipant(ctx, request.params.id));
    return { message: say(request, 'participants.deleted') };
  });

  addRoute(app, routes.participantMerge, async (request) => {
    const participant = await mergeParticipants(ctx, request.body, actorOf(request));
    return { message: say(request, 'participants.merged'), participant };
  });

  addRoute(app, routes.participantDivide, async (request) => {
    const participants = found(await divideParticipant(ctx, request.params.id, request.body));
    return { message: say(request, 'participants.divided'), participants };
  });
}
