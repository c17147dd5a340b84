/** The part of TanStack Router's navigation event used here. */
export interface NavigationEvent {
  pathChanged: boolean;
  fromLocation?: unknown;
  toLocation: { href: string };
}

export interface NavigationSource {
  subscribe(event: 'onBeforeNavigate', listener: (event: NavigationEvent) => void): () => void;
}

const RELOADED_FOR_KEY = 'kinfolio-build-reloaded-for';

/** A full page load of `href`: a reload when the router has already put it in the address bar. */
export function loadPage(href: string): void {
  const target = new URL(href, window.location.href).href;
  if (target === window.location.href) window.location.reload();
  else window.location.assign(target);
}

/**
 * Once `newBuildId()` names a newer build, the next navigation to another path loads the target
 * page in full, so it runs the new build. A page that still runs the old build after
 * reloading for a given build (a cached shell, say) does not reload again for it, so navigation
 * never turns into a reload on every click.
 */
export function reloadOnNextNavigation(
  router: NavigationSource,
  newBuildId: () => string | null,
  load: (href: string) => void = loadPage,
  storage: Storage | null = safeSessionStorage(),
): () => void {
  return router.subscribe('onBeforeNavigate', ({ pathChanged, fromLocation, toLocation }) => {
    const latest = newBuildId();
    if (!latest || !pathChanged || !fromLocation) return;
    try {
      if (storage?.getItem(RELOADED_FOR_KEY) === latest) return;
      storage?.setItem(RELOADED_FOR_KEY, latest);
    } catch {
      // Without storage there is no loop guard; one reload per navigation is still bounded.
    }
    load(toLocation.href);
  });
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
