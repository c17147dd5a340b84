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

/**
 * Renders the screens of `routes` (path to component) at `url`, in English, with the app's
 * providers (theme, queries, modals, toasts) and a router of their own.
 */
export async function renderRoutes(routes: Record<string, FunctionComponent>, url: string) {
  await i18n.changeLanguage('en');
  const rootRoute = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: rootRoute.addChildren(
      Object.entries(routes).map(([path, component]) =>
        createRoute({ getParentRoute: () => rootRoute, path, component }),
      ),
    ),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <MantineProvider theme={INSTANT}>
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, client };
}
