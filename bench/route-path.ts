import { buildPath, routeIndex, type RouteName } from '@kinfolio/contract';

/**
 * A route of the contract's table as the path and query the bench asks for: the bench loads what
 * the app serves, by route name, so a renamed path cannot leave it measuring a 404.
 */
export function routePath(
  name: RouteName,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | undefined> = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const path = buildPath(routeIndex[name][1], params);
  return search.size ? `${path}?${search.toString()}` : path;
}
