import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { parseId } from '@/features/archive/itemPaths';
import { faceQueries } from '@/shared/faces/api';
import { loadQuery } from '@/shared/query/preload';
import { queryClient } from '@/shared/query/queryClient';
import { guard, runValidate } from './guards';
import { lazyPage } from './lazyPage';

/**
 * The People screens: `/people` (everybody named in a photo), `/people/unknown` (groups of faces
 * to name) and `/people/{id}` (one person's photos and everything of theirs).
 */
export function peopleRoutes<R extends AnyRoute>(parent: () => R) {
  const peopleRoute = createRoute({
    getParentRoute: parent,
    path: '/people',
    staticData: { guard: 'auth', routeNumber: 1 },
    beforeLoad: guard('auth'),
    loader: ({ preload }) => loadQuery(queryClient, faceQueries.people(), preload),
    component: lazyPage(() => import('@/features/faces/pages/PeoplePage')),
  });
  const unknownRoute = createRoute({
    getParentRoute: parent,
    path: '/people/unknown',
    staticData: { guard: 'auth', routeNumber: 2 },
    beforeLoad: guard('auth'),
    loader: ({ preload }) => loadQuery(queryClient, faceQueries.unknown(1), preload),
    component: lazyPage(() => import('@/features/faces/pages/UnknownFacesPage')),
  });
  const personRoute = createRoute({
    getParentRoute: parent,
    path: '/people/$id',
    staticData: { guard: 'auth' },
    beforeLoad: async ({ params }) => {
      runValidate((p: { id: string }) => parseId(p.id) !== null, params);
      await guard('auth')();
    },
    component: lazyPage(() => import('@/features/faces/pages/PersonPage')),
  });
  return [peopleRoute, unknownRoute, personRoute] as const;
}
