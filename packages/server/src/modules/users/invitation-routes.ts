import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { SessionManager } from '../../auth/session.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { requestLanguage, say } from '../../i18n/translate.js';
import {
  acceptInvitation,
  findInvitation,
  invite,
  resendInvitation,
  revokeInvitation,
} from './invitations.js';
import { presentAdminUser, presentUser } from './present.js';

/** Inviting family members by e-mail (admin), and the invited person's one-time link (public). */
export function registerInvitationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  sessions: SessionManager,
) {
  addRoute(app, routes.adminInvite, async (request, reply) => {
    const { user, invitation } = await invite(
      ctx,
      request.body,
      request.auth.user!,
      requestLanguage(request),
    );
    reply.code(201);
    return {
      message: say(request, 'invitation.sent', { email: user.email }),
      user: presentAdminUser(user, invitation, ctx.now()),
    };
  });

  addRoute(app, routes.adminInvitationResend, async (request) => {
    const { user, invitation } = await resendInvitation(ctx, request.params.id, request.auth.user!);
    return {
      message: say(request, 'invitation.resent', { email: user.email }),
      user: presentAdminUser(user, invitation, ctx.now()),
    };
  });

  addRoute(app, routes.adminInvitationRevoke, async (request) => {
    await revokeInvitation(ctx, request.params.id);
    return { message: say(request, 'invitation.revoked') };
  });

  addRoute(app, routes.invitation, async (request) => {
    const invitation = await findInvitation(ctx, request.query.token);
    if (!invitation) throw new HttpError(404, 'invitation.invalid');
    return invitation;
  });

  addRoute(app, routes.invitationAccept, async (request, reply) => {
    const user = await acceptInvitation(ctx, request.body, requestLanguage(request));
    await sessions.start(request, reply, user, false);
    return { message: say(request, 'invitation.accepted'), user: presentUser(user) };
  });
}
