import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { importQueries } from '@/features/imports/api';
import { parseId } from '@/features/archive/itemPaths';
import { loadQuery } from '@/shared/query/preload';
import { queryClient } from '@/shared/query/queryClient';
import { guard, runValidate } from './guards';
import { lazyPage } from './lazyPage';
import { pageSearch } from './routeKinds';

/**
 * The Import screens, for those who may edit: `/import` (drop a source), `/imports` (past and
 * running imports) and `/imports/{id}` (one import's preview, progress and report).
 */
export function importRoutes<R extends AnyRoute>(parent: () => R) {
  const importRoute = createRoute({
    getParentRoute: parent,
    path: '/import',
    staticData: { guard: 'auth' },
    beforeLoad: guard('auth'),
    component: lazyPage(() => import('@/features/imports/pages/ImportPage')),
  });
  const listRoute = createRoute({
    getParentRoute: parent,
    path: '/imports',
    staticData: { guard: 'auth' },
    validateSearch: pageSearch,
    beforeLoad: guard('auth'),
    loaderDeps: ({ search }) => search,
    loader: ({ deps, preload }) =>
      loadQuery(queryClient, importQueries.list(deps.page ?? 1), preload),
    component: lazyPage(() => import('@/features/imports/pages/ImportsPage')),
  });
  const oneRoute = createRoute({
    getParentRoute: parent,
    path: '/imports/$import_id',
    staticData: { guard: 'auth' },
    beforeLoad: async ({ params }) => {
      runValidate((p: { import_id: string }) => parseId(p.import_id) !== null, params);
      await guard('auth')();
    },
    loader: ({ params, preload }) => {
      const id = parseId(params.import_id);
      if (id !== null) loadQuery(queryClient, importQueries.single(id), preload);
    },
    component: lazyPage(() => import('@/features/imports/pages/ImportDetailPage')),
  });
  return [importRoute, listRoute, oneRoute] as const;
}
