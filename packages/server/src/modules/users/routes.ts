import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { languageOf, translate } from '../../i18n/translate.js';
import { presentAdminUser, presentUser } from './present.js';
import { usersRepository } from './repository.js';
import { updateAccountAsAdmin, updateOwnAccount } from './service.js';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const users = usersRepository(ctx.db);

  addRoute(app, routes.loggedInUser, async (request) => presentUser(request.auth.user!));

  addRoute(app, routes.users, async () => users.listNames());

  addRoute(app, routes.updateUser, async (request) => {
    const updated = await updateOwnAccount(ctx, request.auth.user!, request.body);
    const language = languageOf(request.headers['accept-language']);
    return { message: translate(language, 'user.updated'), user: presentUser(updated) };
  });

  addRoute(app, routes.adminUsers, async () => (await users.listAll()).map(presentAdminUser));

  addRoute(app, routes.adminUserUpdate, async (request) => {
    const user = await updateAccountAsAdmin(ctx, request.params.id, request.body);
    if (!user) throw new HttpError(404, 'http.not_found');
    const language = languageOf(request.headers['accept-language']);
    return { message: translate(language, 'admin.user_updated'), user: presentAdminUser(user) };
  });
}
