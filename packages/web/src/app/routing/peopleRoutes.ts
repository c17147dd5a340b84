import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { parseId } from '@/features/archive/itemPaths';
import { faceQueries } from '@/shared/faces/api';
import { loadQuery } from '@/shared/query/preload';
import { queryClient } from '@/shared/query/queryClient';
import { guard, runValidate } from './guards';
import { lazyPage } from './lazyPage';

/**
 * The People screens: `/people` (everybody named in a photo), `/people/unknown` (groups of faces
 * to name), `/people/{id}` (one person: their life, family and everything of theirs) and the family
 * tree, `/tree` and `/tree/{participantId}`.
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
  // The family tree around someone (`/tree`: around the most related person).
  const treeRoute = createRoute({
    getParentRoute: parent,
    path: '/tree',
    staticData: { guard: 'auth', routeNumber: 3 },
    beforeLoad: guard('auth'),
    component: lazyPage(() => import('@/features/family/pages/TreePage')),
  });
  const personTreeRoute = createRoute({
    getParentRoute: parent,
    path: '/tree/$participantId',
    staticData: { guard: 'auth', routeNumber: 3 },
    beforeLoad: async ({ params }) => {
      runValidate((p: { participantId: string }) => parseId(p.participantId) !== null, params);
      await guard('auth')();
    },
    component: lazyPage(() => import('@/features/family/pages/TreePage')),
  });
  return [peopleRoute, unknownRoute, personRoute, treeRoute, personTreeRoute] as const;
}
