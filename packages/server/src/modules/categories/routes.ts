import { routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { languageOf, translate, type MessageKey } from '../../i18n/translate.js';
import {
  createCategory,
  deleteCategory,
  findCategory,
  listCategories,
  updateCategory,
} from './service.js';

export function registerCategoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const language = (request: FastifyRequest) => languageOf(request.headers['accept-language']);
  const say = (request: FastifyRequest, key: MessageKey) => translate(language(request), key);

  addRoute(app, routes.categories, async () => listCategories(ctx));

  addRoute(app, routes.category, async (request) => {
    const category = await findCategory(ctx, request.params.id);
    if (!category) throw new HttpError(404, 'http.not_found');
    return category;
  });

  addRoute(app, routes.categoryCreate, async (request, reply) => {
    const category = await createCategory(ctx, request.body, language(request));
    return reply.code(201).send({ message: say(request, 'categories.created'), category });
  });

  addRoute(app, routes.categoryUpdate, async (request) => {
    const category = await updateCategory(ctx, request.params.id, request.body, language(request));
    if (!category) throw new HttpError(404, 'http.not_found');
    return { message: say(request, 'categories.updated'), category };
  });

  addRoute(app, routes.categoryDelete, async (request) => {
    if (!(await deleteCategory(ctx, request.params.id))) throw new HttpError(404, 'http.not_found');
    return { message: say(request, 'categories.deleted') };
  });
}
