import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { guard } from './guards';
import { lazyPage } from './lazyPage';
import { pageSearch } from './routeKinds';

/** `/shares`: the links one made (an admin: everyone's), from the account menu. */
export function sharesRoute<R extends AnyRoute>(parent: () => R) {
  return createRoute({
    getParentRoute: parent,
    path: '/shares',
    staticData: { guard: 'auth' },
    validateSearch: pageSearch,
    beforeLoad: guard('auth'),
    component: lazyPage(() => import('@/features/shares/pages/SharesPage')),
  });
}
