import { lazyRouteComponent } from '@tanstack/react-router';
import { pageLoadError } from '../errors/reloadGuard';

/**
 * TanStack's lazy component, whose failed import goes to the route's error screen: online it
 * reloads the page once (guarded), offline it explains that the page was not loaded (and mends
 * itself once the network is back). TanStack's own reload is left out: with it, a chunk still
 * missing after that reload made the error screen reload a second time.
 */
export function lazyPage<T extends Record<string, unknown>, K extends keyof T = 'default'>(
  importer: () => Promise<T>,
  exportName?: K,
) {
  return lazyRouteComponent<T, K>(() => importer().catch(pageLoadError), exportName);
}
