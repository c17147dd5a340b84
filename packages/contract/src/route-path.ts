import { buildPath } from './paths.js';
import { routeIndex } from './route-index.js';
import type { RouteName } from './routes.js';

/** What fills a route's path: its `:name` parameters and its query (undefined values left out). */
export interface RoutePathInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
}

/**
 * The path and query of a route of the table, by name: for clients outside the web app (the e2e
 * helpers, the bench), so none of them writes an API path by hand.
 */
export function routePath(name: RouteName, { params, query }: RoutePathInput = {}): string {
  const path = buildPath(routeIndex[name][1], params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  return search.size ? `${path}?${search.toString()}` : path;
}
