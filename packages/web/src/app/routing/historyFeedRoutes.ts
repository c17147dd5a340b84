import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from './lazyPage';
import { itemQueries } from '@/features/archive/api';
import { parseFeedTypeParam } from '@/features/archive/itemPaths';
import { loadQuery } from '@/shared/query/preload';
import { queryClient } from '@/shared/query/queryClient';
import { guard, runValidate } from './guards';
import { pageSearch } from './routeKinds';

/** `/history` and `/history/{type}`: the feed of recent changes, of every type or one. */
export function historyFeedRoutes<R extends AnyRoute>(parent: () => R) {
  const feedRoute = <const P extends string>(path: P) =>
    createRoute({
      getParentRoute: parent,
      path,
      staticData: { guard: 'auth' },
      validateSearch: pageSearch,
      beforeLoad: async ({ params }) => {
        runValidate(
          (p: { type?: string }) => p.type === undefined || parseFeedTypeParam(p.type) !== null,
          params,
        );
        await guard('auth')();
      },
      loaderDeps: ({ search }) => search,
      loader: ({ params, deps, preload }) => {
        const type = parseFeedTypeParam((params as { type?: string }).type) ?? undefined;
        loadQuery(queryClient, itemQueries.feed(type, deps.page ?? 1), preload);
      },
      component: lazyPage(() => import('@/features/archive/pages/HistoryFeedPage')),
    });
  return [feedRoute('/history'), feedRoute('/history/$type')] as const;
}
