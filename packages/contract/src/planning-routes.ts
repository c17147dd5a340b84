import { route, type RouteDef } from './route-def.js';
import {
  planningBucketsQuery,
  planningBucketsSchema,
  planningDayPageSchema,
  planningDayQuery,
  planningOnThisDayQuery,
  planningOnThisDaySchema,
} from './schemas/planning.js';

/**
 * The planning: live dated items of every type and records on a time axis, read by
 * any logged-in user like the rest of the archive. Counts come aggregated per bucket.
 */
export const planningRouteTable = {
  planningBuckets: route({
    method: 'GET',
    path: '/api/planning/buckets',
    access: 'auth',
    cache: 'archive',
    query: planningBucketsQuery,
    responses: { 200: planningBucketsSchema },
  }),
  planningDay: route({
    method: 'GET',
    path: '/api/planning/day',
    access: 'auth',
    cache: 'archive',
    query: planningDayQuery,
    responses: { 200: planningDayPageSchema },
  }),
  planningOnThisDay: route({
    method: 'GET',
    path: '/api/planning/on-this-day',
    access: 'auth',
    cache: 'archive',
    query: planningOnThisDayQuery,
    responses: { 200: planningOnThisDaySchema },
  }),
} as const satisfies Record<string, RouteDef>;
