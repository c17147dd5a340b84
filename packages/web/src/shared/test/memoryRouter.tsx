import { MantineProvider } from '@mantine/core';
import * as Router from '@tanstack/react-router';
import { render } from '@testing-library/react';

/** A route of a test's memory router. */
export interface TestRoute {
  path: string;
  component: Router.RouteComponent;
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
    errorComponent?: Router.ErrorRouteComponent;
    notFoundComponent?: Router.NotFoundRouteComponent;
  },
) {
  const rootRoute = Router.createRootRoute({
    component: Router.Outlet,
    errorComponent,
    notFoundComponent,
  });
  const children = routes.map((route) =>
    Router.createRoute({ getParentRoute: () => rootRoute, ...route }),
  );
  const router = Router.createRouter({
    routeTree: rootRoute.addChildren(children),
    history: Router.createMemoryHistory({ initialEntries: [url] }),
  });
  render(
    <MantineProvider>
      <Router.RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}
