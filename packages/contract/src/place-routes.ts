import { route, type RouteDef } from './route-def.js';
import {
  namedPlacePageSchema,
  placeListQuery,
  placePointsQuery,
  placePointsSchema,
} from './schemas/places.js';

/**
 * The archive's map: read by any logged-in user, like the item lists. A place is written through
 * its item or record (create, update, bulk "set place"), never on its own.
 */
export const placeRouteTable = {
  placePoints: route({
    method: 'GET',
    path: '/api/places/points',
    access: 'auth',
    cache: 'archive',
    query: placePointsQuery,
    responses: { 200: placePointsSchema },
  }),
  places: route({
    method: 'GET',
    path: '/api/places',
    access: 'auth',
    cache: 'archive',
    query: placeListQuery,
    responses: { 200: namedPlacePageSchema },
  }),
} as const satisfies Record<string, RouteDef>;
