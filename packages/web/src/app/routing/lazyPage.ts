import { lazyRouteComponent } from '@tanstack/react-router';
import { offlineAware } from '../errors/reloadGuard';

/**
 * TanStack's lazy component, whose failed import reloads the page once. Offline that reload can
 * only show the browser's offline page: the failure becomes an OfflineChunkError instead, which
 * the route's error screen explains (and mends once the network is back).
 */
export function lazyPage<T extends Record<string, unknown>, K extends keyof T = 'default'>(
  importer: () => Promise<T>,
  exportName?: K,
) {
  return lazyRouteComponent<T, K>(() => importer().catch(offlineAware), exportName);
}
