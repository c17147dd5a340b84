import { MantineProvider } from '@mantine/core';
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { OfflineCopy } from '@/shared/query/queryClient';
import { loadOfflineCopy, persistOptions, queryClient } from '@/shared/query/queryClient';
import './modalEvents';
import { preloadErrorViews } from './routing/errorViews';
import type { AppRouter } from './routing/router';
import { useUiStore } from '@/shared/stores/ui';
import { buildTheme, colorSchemeManager, ThemeCssVariables, useThemeColors } from '@/shared/theme';

const DeferredProviders = lazy(() => import('./DeferredProviders'));

/**
 * True once the first page is shown and the browser is idle: the toasts' and dialogs' code (with
 * the modal, focus trap and scroll area) then loads without competing with the first page's.
 */
function useAfterFirstPage(router: AppRouter): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel = () => undefined as void;
    const whenIdle = () => {
      // In slices (a transition): the providers' first render is not one long task.
      const done = () => startTransition(() => setReady(true));
      if (typeof window.requestIdleCallback !== 'function') {
        const timer = window.setTimeout(done, 200);
        cancel = () => window.clearTimeout(timer);
      } else {
        // The timeout bounds the wait on a page that never goes idle.
        const handle = window.requestIdleCallback(done, { timeout: 2000 });
        cancel = () => window.cancelIdleCallback(handle);
      }
    };
    if (router.state.resolvedLocation && router.state.status === 'idle') {
      whenIdle();
      return () => cancel();
    }
    const unsubscribe = router.subscribe('onResolved', () => {
      unsubscribe();
      whenIdle();
    });
    return () => {
      unsubscribe();
      cancel();
    };
  }, [router]);
  return ready;
}

/** When this page started: an answer older than that came from the offline copy. */
const pageStart = Date.now();

/**
 * Restored lists show at once, but may predate the last edit (writes to IndexedDB are throttled,
 * and another tab or device may have changed them): mark them stale so they refresh on mount.
 * What this page fetched already (the first page's data, before the copy was read) is not asked
 * again: restoring never replaces newer answers.
 */
function refreshRestoredQueries() {
  void queryClient.invalidateQueries({
    predicate: (query) => query.meta?.persist === true && query.state.dataUpdatedAt < pageStart,
  });
}

let restoring: Promise<OfflineCopy | null> | undefined;
/** The offline copy once restored (null when nothing could be), undefined before. */
let restored: OfflineCopy | null | undefined;

/**
 * Restores the offline copy, once: main.tsx starts it beside the first page's other loads, so that
 * the page renders once with it in. (Rendered before, the page rendered again when it came.)
 */
export function restoreOfflineCopyOnce(): Promise<unknown> {
  restoring ??= loadOfflineCopy()
    .then(async (loaded) => {
      await loaded.restoreOfflineCopy({ ...persistOptions, queryClient });
      refreshRestoredQueries();
      return loaded;
    })
    // Nothing restored (no IndexedDB, or its code did not load): the pages fetch as usual.
    .catch(() => null)
    .then((copy) => (restored = copy));
  return restoring;
}

/**
 * TanStack's PersistQueryClientProvider, with its code loaded on demand (loadOfflineCopy): restores
 * the offline copy first (queries wait meanwhile, as `useIsRestoring` says), then saves the cache
 * to it whenever it changes.
 */
function OfflineCopyProvider({ children }: { children: ReactNode }) {
  const [isRestoring, setIsRestoring] = useState(() => restored === undefined);
  useEffect(() => {
    if (!isRestoring) return;
    let live = true;
    void restoreOfflineCopyOnce().then(() => {
      if (live) startTransition(() => setIsRestoring(false));
    });
    return () => {
      live = false;
    };
  }, [isRestoring]);
  useEffect(
    () =>
      isRestoring || !restored
        ? undefined
        : restored.saveOfflineCopy({ ...persistOptions, queryClient }),
    [isRestoring],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}

/**
 * The toasts' and dialogs' providers once the first page is shown. Its own component: the state
 * that turns them on would otherwise re-render MantineProvider, whose new context value re-renders
 * every Mantine component of the page (some 270 on a list page) for nothing.
 */
function DeferredProvidersAfterFirstPage({ router }: { router: AppRouter }) {
  const idle = useAfterFirstPage(router);
  useEffect(() => {
    if (idle) preloadErrorViews();
  }, [idle]);
  return idle ? (
    <Suspense fallback={null}>
      <DeferredProviders />
    </Suspense>
  ) : null;
}

export function Providers({ router, children }: { router: AppRouter; children: ReactNode }) {
  const colors = useThemeColors();
  const theme = useMemo(() => buildTheme(colors), [colors]);
  const forced = useUiStore((s) => s.forcedColorScheme);
  return (
    <OfflineCopyProvider>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        forceColorScheme={forced}
        withCssVariables={false}
      >
        <ThemeCssVariables />
        <DeferredProvidersAfterFirstPage router={router} />
        {children}
      </MantineProvider>
    </OfflineCopyProvider>
  );
}
