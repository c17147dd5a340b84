import { routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { languageOf, translate, type MessageKey } from '../../i18n/translate.js';
import { createTag, deleteTag, listTags, updateTag } from './service.js';

export function registerTagRoutes(app: FastifyInstance, ctx: AppContext) {
  const language = (request: FastifyRequest) => languageOf(request.headers['accept-language']);
  const say = (request: FastifyRequest, key: MessageKey) => translate(language(request), key);

  addRoute(app, routes.tags, async (request) => listTags(ctx, language(request)));

  addRoute(app, routes.tagCreate, async (request, reply) => {
    const tag = await createTag(ctx, request.body, language(request));
    return reply.code(201).send({ message: say(request, 'tags.created'), tag });
  });

  addRoute(app, routes.tagUpdate, async (request) => {
    const tag = await updateTag(ctx, request.params.id, request.body, language(request));
    if (!tag) throw new HttpError(404, 'http.not_found');
    return { message: say(request, 'tags.updated'), tag };
  });

  addRoute(app, routes.tagDelete, async (request) => {
    if (!(await deleteTag(ctx, request.params.id))) throw new HttpError(404, 'http.not_found');
    return { message: say(request, 'tags.deleted') };
  });
}
