import { lazyPage } from './lazyPage';

/*
 * The error screens (with their Mantine title, text and button) show on few visits: they load
 * when needed, and once the first page is up (preloadErrorViews) so that a later failure, a lost
 * chunk after a new deployment say, does not depend on loading one more.
 */
const importErrorViews = () => import('../errors/RouteErrorView');

export const RouteErrorView = lazyPage(importErrorViews, 'RouteErrorView');
export const NotFoundView = lazyPage(importErrorViews, 'NotFoundView');

export function preloadErrorViews(): void {
  importErrorViews().catch(() => undefined);
}
