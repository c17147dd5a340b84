import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from './lazyPage';
import { planningLoad } from '@/features/planning/load';
import { validatePlanningSearch } from '@/features/planning/planningSearch';
import { filterChoiceQueries } from '@/shared/organisation/queries';
import { loadQuery } from '@/shared/query/preload';
import { queryClient } from '@/shared/query/queryClient';
import { guard } from './guards';

/**
 * `/planning`: the archive's dates on a calendar, a timeline and "on this day"; its
 * loader starts the counts the address's view shows (and the chosen day's first page).
 */
export function planningRoute<R extends AnyRoute>(parent: () => R) {
  return createRoute({
    getParentRoute: parent,
    path: '/planning',
    staticData: { guard: 'auth' },
    validateSearch: validatePlanningSearch,
    beforeLoad: guard('auth'),
    loaderDeps: ({ search }) => search,
    loader: ({ deps, preload }) => {
      // The filter bar's choices come with the counts, as on the archive's lists.
      for (const options of [...planningLoad(deps), ...filterChoiceQueries()])
        loadQuery(queryClient, options, preload);
    },
    component: lazyPage(() => import('@/features/planning/pages/PlanningPage')),
  });
}
