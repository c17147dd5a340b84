import { lazyRouteComponent } from '@tanstack/react-router';

/*
 * The error screens (with their Mantine title, text and button) show on few visits: they load
 * when needed, and once the first page is up (preloadErrorViews) so that a later failure, a lost
 * chunk after a new deployment say, does not depend on loading one more.
 */
const importErrorViews = () => import('../errors/RouteErrorView');

export const RouteErrorView = lazyRouteComponent(importErrorViews, 'RouteErrorView');
export const NotFoundView = lazyRouteComponent(importErrorViews, 'NotFoundView');

export function preloadErrorViews(): void {
  importErrorViews().catch(() => undefined);
}
