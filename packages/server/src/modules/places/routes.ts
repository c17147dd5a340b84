import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { paginated } from '../../http/paginate.js';
import { addRoute } from '../../http/route.js';
import { namedPlaces } from './named.js';
import { placePoints } from './points.js';

/** The map's points and the named places; any logged-in user reads them, as the lists. */
export function registerPlaceRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, routes.placePoints, async (request) => ({
    data: await placePoints(ctx.db, ctx.dialect, request.query),
  }));
  addRoute(app, routes.places, async (request) =>
    paginated(request, ctx.config.appUrl, await namedPlaces(ctx.db, request.query)),
  );
}
