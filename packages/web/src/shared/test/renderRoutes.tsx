import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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
import type { FunctionComponent } from 'react';
import { i18n } from '@/shared/i18n';

/** Menus, modals and pickers open at once, so a test waits only for the app itself. */
const instant = { defaultProps: { transitionProps: { duration: 0 } } };
export const INSTANT: MantineThemeOverride = {
  components: {
    Menu: instant,
    Modal: instant,
    Select: { defaultProps: { comboboxProps: { transitionProps: { duration: 0 } } } },
  },
};

/** A test route: its screen, or its screen with a loader (to fail before it renders). */
export type TestRoute = RouteComponent | { component: RouteComponent; loader?: () => unknown };

export interface RenderRoutesOptions {
  /** The root's views of a route that failed and of an address no route matches. */
  errorComponent?: ErrorRouteComponent;
  notFoundComponent?: NotFoundRouteComponent;
}

/**
 * Renders the screens of `routes` (path to screen) at `url`, in English, with the app's providers
 * (theme, queries, modals, toasts) and a memory router of their own.
 */
export async function renderRoutes(
  routes: Record<string, TestRoute>,
  url: string,
  options: RenderRoutesOptions = {},
) {
  await i18n.changeLanguage('en');
  const rootRoute = createRootRoute({ component: Outlet, ...options });
  const router = createRouter({
    routeTree: rootRoute.addChildren(
      Object.entries(routes).map(([path, route]) =>
        createRoute({
          getParentRoute: () => rootRoute,
          path,
          ...(typeof route === 'function' ? { component: route } : route),
        }),
      ),
    ),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <MantineProvider theme={INSTANT}>
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, client, unmount: view.unmount };
}

const Elsewhere = () => <p data-testid="navigated-elsewhere" />;

/**
 * Renders one screen at its route `path` (opened at `url`, else `path`); any other address
 * renders a marker (`navigated-elsewhere`), so tests can assert navigation.
 */
export async function renderPage(
  Page: FunctionComponent,
  { path = '/', url }: { path?: string; url?: string } = {},
) {
  const rendered = await renderRoutes({ [path]: Page, $: Elsewhere }, url ?? path);
  await rendered.router.load();
  return rendered;
}
