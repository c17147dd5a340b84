import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { found } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { invitationsByUser } from './invitations.js';
import { presentAdminUser, presentPublicUser, presentUser } from './present.js';
import { usersRepository } from './repository.js';
import { updateAccountAsAdmin, updateOwnAccount } from './service.js';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const users = usersRepository(ctx.db);

  addRoute(app, routes.loggedInUser, async (request) => presentUser(request.auth.user!));

  addRoute(app, routes.users, async () => (await users.listNames()).map(presentPublicUser));

  addRoute(app, routes.updateUser, async (request) => {
    const updated = await updateOwnAccount(ctx, request.auth.user!, request.body);
    return { message: say(request, 'user.updated'), user: presentUser(updated) };
  });

  addRoute(app, routes.adminUsers, async () => {
    const invitations = await invitationsByUser(ctx);
    return (await users.listAll()).map((user) =>
      presentAdminUser(user, invitations.get(user.id), ctx.now()),
    );
  });

  addRoute(app, routes.adminUserUpdate, async (request) => {
    const user = found(await updateAccountAsAdmin(ctx, request.params.id, request.body));
    const invitation = (await invitationsByUser(ctx)).get(user.id);
    return {
      message: say(request, 'admin.user_updated'),
      user: presentAdminUser(user, invitation, ctx.now()),
    };
  });
}
