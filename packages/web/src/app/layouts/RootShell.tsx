import { Center, Loader, useComputedColorScheme } from '@mantine/core';
import { useRouter, useRouterState, type AnyRoute } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { OfflineSign } from '@/shared/pwa/OfflineSign';
import { useSession } from '@/shared/session';
import { takeReturnPath } from '@/shared/session/returnPath';
import { selectOverlayOpen, useUiStore } from '@/shared/stores/ui';
import { resolveForcedScheme } from '@/shared/theme';
import { loadingBar } from '@/shared/ui/loadingBar';
import { LoadingBar } from '@/shared/ui/LoadingBar';
import { lazyPage } from '../routing/lazyPage';
import { LOGGED_IN_HOME, LOGGED_OUT_HOME } from '../routing/guards';
import { transitionFor } from '../routing/transitions';

/*
 * Each first screen needs one layout only, and the logged-in one brings the menus, tooltips and
 * drawer (with floating-ui): both load beside the page's own chunk rather than in the entry. The
 * offline worker's prompts show at the earliest after the worker registered.
 */
const ColorSchemeHotkey = lazyPage(() => import('./ColorSchemeHotkey'));
// Once loaded, TanStack's lazy component renders at once (React's lazy suspends on every first
// render, even of a module already loaded), so a preloaded layout is in the first render.
const FamilleLayout = lazyPage(() => import('./FamilleLayout'), 'FamilleLayout');
const DefaultLayout = lazyPage(() => import('./DefaultLayout'), 'DefaultLayout');

/**
 * Starts loading the first screen's layout with the entry: the shell waits for its wording before
 * it renders (and would only then ask for the layout), so the layout, the wording and the page
 * load side by side instead of one after the other.
 */
export function preloadLayout(isLoggedIn: boolean): Promise<unknown> {
  // A failure shows when the shell asks again (lazy), through the route's error handling.
  return Promise.all([
    (isLoggedIn ? FamilleLayout : DefaultLayout).preload?.(),
    ColorSchemeHotkey.preload?.(),
  ]).catch(() => undefined);
}
const PwaPrompts = lazy(() =>
  import('@/shared/pwa/PwaPrompts').then((module) => ({ default: module.PwaPrompts })),
);

/** Root route component: picks the layout and runs the app-wide navigation side effects. */
export function RootShell() {
  const { isLoggedIn, isVerifying } = useSession();
  useNavigationEffects();
  useForcedColorScheme();
  useBodyScrollLock();
  useSessionRedirects(isLoggedIn);
  const { t } = useTranslation('common');

  return (
    <>
      <LoadingBar />
      {isVerifying ? (
        <Verifying label={t('loading')} />
      ) : (
        <Suspense fallback={<Verifying label={t('loading')} />}>
          {isLoggedIn ? <FamilleLayout /> : <DefaultLayout />}
        </Suspense>
      )}
      <Suspense fallback={null}>
        <ColorSchemeHotkey />
      </Suspense>
      <Suspense fallback={null}>
        <PwaPrompts />
      </Suspense>
      <OfflineSign />
    </>
  );
}

/**
 * The root route's pending view: RootShell waits (Suspense) for the shell's wording, which loads
 * beside the entry, and the page would stay blank for that round trip. The spinner is named once
 * the wording is in (a status region needs no name meanwhile).
 */
export function ShellPending() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return <Verifying label={ready ? t('loading') : undefined} />;
}

function Verifying({ label }: { label: string | undefined }) {
  return (
    <Center h="100dvh">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

/** Before each navigation: close panels and modals, pick the page transition. */
function useNavigationEffects() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', ({ toLocation, pathChanged }) => {
        const ui = useUiStore.getState();
        ui.closeAll();
        if (!pathChanged) return;
        const from = router.state.matches.at(-1)?.staticData.routeNumber;
        const toMatches = router.matchRoutes(toLocation.pathname, toLocation.search);
        const toRoute = (router.routesById as Record<string, AnyRoute | undefined>)[
          toMatches.at(-1)?.routeId ?? ''
        ];
        ui.setTransition(transitionFor(from, toRoute?.options.staticData?.routeNumber));
      }),
    [router],
  );
  const loading = useRouterState({ select: (s) => s.isLoading || s.status === 'pending' });
  useEffect(() => {
    if (!loading) return;
    loadingBar.start();
    return () => loadingBar.finish();
  }, [loading]);
}

function useForcedColorScheme() {
  const forced = useRouterState({ select: (s) => s.matches.at(-1)?.staticData.colorScheme });
  const system = useComputedColorScheme('light');
  useEffect(() => {
    const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
    useUiStore.getState().setForcedColorScheme(resolveForcedScheme(forced, prefersDark));
  }, [forced, system]);
}

function useBodyScrollLock() {
  const locked = useUiStore(selectOverlayOpen);
  useEffect(() => {
    if (!locked) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [locked]);
}

/** Login lands on the page asked for (else the archive), logout (or a reset) leaves protected pages. */
function useSessionRedirects(isLoggedIn: boolean) {
  const router = useRouter();
  const previous = useRef(isLoggedIn);
  useEffect(() => {
    if (previous.current === isLoggedIn) return;
    previous.current = isLoggedIn;
    const guardKind = router.state.matches.at(-1)?.staticData.guard;
    if (isLoggedIn && guardKind === 'guest') {
      void router.navigate({ href: takeReturnPath(LOGGED_IN_HOME), replace: true });
    } else if (!isLoggedIn && (guardKind === 'auth' || guardKind === 'admin')) {
      void router.navigate({ to: LOGGED_OUT_HOME, replace: true });
    }
  }, [isLoggedIn, router]);
}
