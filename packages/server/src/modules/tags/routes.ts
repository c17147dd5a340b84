import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { found } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { requestLanguage as language, say } from '../../i18n/translate.js';
import { createTag, deleteTag, listTags, updateTag } from './service.js';

export function registerTagRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, routes.tags, async (request) => listTags(ctx, language(request)));

  addRoute(app, routes.tagCreate, async (request, reply) => {
    const tag = await createTag(ctx, request.body, language(request));
    reply.code(201);

    return { message: say(request, 'tags.created'), tag };
  });

  addRoute(app, routes.tagUpdate, async (request) => {
    const tag = found(await updateTag(ctx, request.params.id, request.body, language(request)));
    return { message: say(request, 'tags.updated'), tag };
  });

  addRoute(app, routes.tagDelete, async (request) => {
    found(await deleteTag(ctx, request.params.id));
    return { message: say(request, 'tags.deleted') };
  });
}
