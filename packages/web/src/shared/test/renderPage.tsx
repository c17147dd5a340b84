import { MantineProvider } from '@mantine/core';
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

interface RenderPageOptions {
  /** Route path of the page, e.g. `/user/password-reset/$token`. */
  path?: string;
  /** The address to open, e.g. `/admin/x?user=2`; defaults to `path`. */
  url?: string;
}

/**
 * Renders a screen inside the providers it expects (Mantine, TanStack Query, a memory router)
 * in English. Any other path renders a marker, so tests can assert navigation.
 */
export async function renderPage(Page: FunctionComponent, options: RenderPageOptions = {}) {
  const path = options.path ?? '/';
  await i18n.changeLanguage('en');
  const rootRoute = createRootRoute({ component: Outlet });
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path, component: Page });
  const elsewhere = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: () => <p data-testid="navigated-elsewhere" />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute, elsewhere]),
    history: createMemoryHistory({ initialEntries: [options.url ?? path] }),
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const utils = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  await router.load();
  return { ...utils, router, queryClient };
}
