import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { paginated } from '../../http/paginate.js';
import { addRoute } from '../../http/route.js';
import { planningBuckets, planningDay, planningOnThisDay } from './queries.js';

/** The planning routes (the contract's planning-routes.ts). */
export function registerPlanningRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, routes.planningBuckets, (request) => planningBuckets(ctx, request.query));
  addRoute(app, routes.planningDay, async (request) =>
    paginated(request, ctx.config.appUrl, await planningDay(ctx, request.query)),
  );
  addRoute(app, routes.planningOnThisDay, (request) => planningOnThisDay(ctx, request.query));
}
