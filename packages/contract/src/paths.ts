/**
 * Route path helpers without schemas (routes.ts re-exports them): the web app's API client needs
 * them on its first screen, and importing them from here keeps zod out of that bundle.
 */

/** Fills `:name` parameters of a route path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
