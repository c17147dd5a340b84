import { routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { languageOf, translate, type MessageKey } from '../../i18n/translate.js';
import {
  createParticipant,
  deleteParticipant,
  divideParticipant,
  findParticipant,
  listParticipants,
  mergeParticipants,
  renameParticipant,
} from './service.js';

export function registerParticipantRoutes(app: FastifyInstance, ctx: AppContext) {
  const say = (request: FastifyRequest, key: MessageKey) =>
    translate(languageOf(request.headers['accept-language']), key);

  addRoute(app, routes.participants, async (request) =>
    listParticipants(ctx, request.query.search),
  );

  addRoute(app, routes.participant, async (request) => {
    const participant = await findParticipant(ctx, request.params.id);
    if (!participant) throw new HttpError(404, 'http.not_found');
    return participant;
  });

  addRoute(app, routes.participantCreate, async (request, reply) => {
    const participant = await createParticipant(ctx, request.body);
    return reply.code(201).send({ message: say(request, 'participants.created'), participant });
  });

  addRoute(app, routes.participantUpdate, async (request) => {
    const participant = await renameParticipant(ctx, request.params.id, request.body);
    if (!participant) throw new HttpError(404, 'http.not_found');
    return { message: say(request, 'participants.updated'), participant };
  });

  addRoute(app, routes.participantDelete, async (request) => {
    if (!(await deleteParticipant(ctx, request.params.id))) {
      throw new HttpError(404, 'http.not_found');
    }
    return { message: say(request, 'participants.deleted') };
  });

  addRoute(app, routes.participantMerge, async (request) => {
    const participant = await mergeParticipants(ctx, request.body);
    return { message: say(request, 'participants.merged'), participant };
  });

  addRoute(app, routes.participantDivide, async (request) => {
    const participants = await divideParticipant(ctx, request.params.id, request.body);
    if (!participants) throw new HttpError(404, 'http.not_found');
    return { message: say(request, 'participants.divided'), participants };
  });
}
