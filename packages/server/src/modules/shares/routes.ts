import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { ThrottleStore } from '../../auth/throttle.js';
import type { AppContext } from '../../context.js';
import { paginated, pageWindow } from '../../http/paginate.js';
import { addRoute } from '../../http/route.js';
import { requestLanguage, say } from '../../i18n/translate.js';
import { registerPublicShareRoutes } from './public-routes.js';
import { createShare, listShares, revokeShare, updateShare } from './service.js';

/** The share links (contract share-routes.ts): managed by their makers, opened by anyone. */
export function registerShareRoutes(app: FastifyInstance, ctx: AppContext, store: ThrottleStore) {
  addRoute(app, routes.shares, async (request) => {
    const window = pageWindow(request.query);
    const page = await listShares(
      ctx,
      request.query,
      window,
      request.auth.user!,
      requestLanguage(request),
    );
    return paginated(request, ctx.config.appUrl, page);
  });
  addRoute(app, routes.shareCreate, async (request, reply) => {
    const made = await createShare(ctx, request.body, request.auth.user!, requestLanguage(request));
    reply.code(201);
    return { message: say(request, 'shares.created'), ...made };
  });
  addRoute(app, routes.shareUpdate, async (request) => {
    const share = await updateShare(
      ctx,
      request.params.id,
      request.body,
      request.auth.user!,
      requestLanguage(request),
    );
    return { message: say(request, 'shares.updated'), share };
  });
  addRoute(app, routes.shareDelete, async (request, reply) => {
    await revokeShare(ctx, request.params.id, request.auth.user!);
    return reply.code(204).send();
  });
  registerPublicShareRoutes(app, ctx, store);
}
