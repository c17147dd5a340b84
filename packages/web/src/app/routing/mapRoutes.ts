import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { validateMapSearch } from '@/features/places/mapSearch';
import { filterChoiceQueries } from '@/shared/organisation/queries';
import { loadQuery } from '@/shared/query/preload';
import { queryClient } from '@/shared/query/queryClient';
import { guard } from './guards';
import { lazyPage } from './lazyPage';

/**
 * `/map`: the archive's places. Its points depend on the map's size on screen, known only once
 * drawn: the loader starts the filter bar's choices only.
 */
export function mapRoute<R extends AnyRoute>(parent: () => R) {
  return createRoute({
    getParentRoute: parent,
    path: '/map',
    staticData: { guard: 'auth' },
    validateSearch: validateMapSearch,
    beforeLoad: guard('auth'),
    loader: ({ preload }) => {
      for (const options of filterChoiceQueries()) loadQuery(queryClient, options, preload);
    },
    component: lazyPage(() => import('@/features/places/pages/MapPage')),
  });
}
