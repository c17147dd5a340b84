import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type ErrorRouteComponent,
  type NotFoundRouteComponent,
  type RouteComponent,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';

/** A route of a test's memory router. */
export interface TestRoute {
  path: string;
  component: RouteComponent;
  loader?: () => unknown;
}

/**
 * Renders a memory router at `url` with the given routes, inside Mantine, with the root's error
 * and not-found views the test names.
 */
export function renderRoutes(
  routes: readonly TestRoute[],
  {
    url,
    errorComponent,
    notFoundComponent,
  }: {
    url: string;
    errorComponent?: ErrorRouteComponent;
    notFoundComponent?: NotFoundRouteComponent;
  },
) {
  const rootRoute = createRootRoute({ component: Outlet, errorComponent, notFoundComponent });
  const children = routes.map((route) =>
    createRoute({ getParentRoute: () => rootRoute, ...route }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(children),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}
