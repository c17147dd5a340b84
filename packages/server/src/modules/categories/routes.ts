import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { found } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { requestLanguage as language, say } from '../../i18n/translate.js';
import {
  createCategory,
  deleteCategory,
  findCategory,
  listCategories,
  updateCategory,
} from './service.js';

export function registerCategoryRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, routes.categories, async () => listCategories(ctx));

  addRoute(app, routes.category, async (request) =>
    found(await findCategory(ctx, request.params.id)),
  );

  addRoute(app, routes.categoryCreate, async (request, reply) => {
    const category = await createCategory(ctx, request.body, language(request));
    reply.code(201);

    return { message: say(request, 'categories.created'), category };
  });

  addRoute(app, routes.categoryUpdate, async (request) => {
    const category = found(
      await updateCategory(ctx, request.params.id, request.body, language(request)),
    );
    return { message: say(request, 'categories.updated'), category };
  });

  addRoute(app, routes.categoryDelete, async (request) => {
    found(await deleteCategory(ctx, request.params.id));
    return { message: say(request, 'categories.deleted') };
  });
}
