import '@mantine/core/styles.css';
import './app/app.css';
import { shellWording } from '@/shared/i18n';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers, restoreOfflineCopyOnce } from './app/Providers';
import { reloadWithGuard } from './app/errors/reloadGuard';
import { appStyles } from './app/appStyles';
import { fetchesSettled, firstPageReady, startInTurn } from './app/firstPage';
import { preloadLayout } from './app/layouts/RootShell';
import { preloadNamespaces } from './app/routing/namespaces';
import type { AppRouter } from './app/routing/router';
import { registerNavigator } from './shared/navigation';
import { nextTask } from './shared/nextTask';
import { queryClient } from './shared/query/queryClient';
import { useSessionStore, verifySession } from './shared/session';

/**
 * The routes and the router: their definitions and the route tree, some 20 ms of a slow phone's
 * start-up, are evaluated in a task of their own after the entry's instead of inside it. Their
 * chunk is asked for now, while the entry runs.
 */
const routerLoaded = import('./app/routing/router').then(({ router }) => {
  registerNavigator(
    (to, options) => void router.navigate({ to, replace: options?.replace }),
    () => router.state.location.pathname,
  );
  // Each next page's wording loads beside its code.
  router.subscribe('onBeforeLoad', ({ toLocation }) => void preloadNamespaces(toLocation.pathname));
  return router;
});

// A lazily loaded chunk from an older build is gone: reload once (guarded) to get the new one.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadWithGuard(window.location.pathname)) event.preventDefault();
});

/**
 * The first page's code, layout, wording, styles and data, loaded side by side; the session flag
 * that survived a reload is checked first, since the page's guard depends on it.
 */
function loadFirstPage(router: AppRouter): Promise<void> {
  const { isLoggedIn } = useSessionStore.getState();
  return startInTurn([
    () =>
      (isLoggedIn ? verifySession() : Promise.resolve()).then(nextTask).then(() => router.load()),
    appStyles,
    shellWording,
    () => preloadNamespaces(window.location.pathname),
    () => preloadLayout(isLoggedIn),
    // The offline copy of earlier answers (IndexedDB), which the page's queries wait for.
    restoreOfflineCopyOnce,
    // Edited interface wording from the server, and reports of keys met without a value.
    () =>
      import('./shared/i18n/siteTranslations').then(({ installSiteTranslations }) =>
        installSiteTranslations(queryClient),
      ),
  ]).then(() => fetchesSettled(queryClient));
}

// Rendered once it is all in, as a transition: the first render yields to the browser every few
// milliseconds instead of holding the main thread for the whole tree at once (hundreds of ms on a
// slow phone), so a tap or a scroll during start-up is answered; the static first paint of
// index.html covers the wait.
function render(root: HTMLElement, router: AppRouter) {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers router={router}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The entry's modules ran in one task; the first page's loads start in the next one.
void nextTask()
  .then(() => routerLoaded)
  .then(async (router) => {
    await firstPageReady(loadFirstPage(router));
    render(root, router);
    // A newer deployed build makes the next navigation a full page load. Its code (read
    // after the first page, about 1 s after idle) loads after the first page, not in the entry.
    void import('./shared/build').then(({ startNewBuildDetection }) =>
      startNewBuildDetection(router),
    );
  })
  .catch((error: unknown) => {
    // The routes' chunk of an older build is gone: reload once (guarded) to get the new one.
    if (!reloadWithGuard(window.location.pathname)) throw error;
  });
