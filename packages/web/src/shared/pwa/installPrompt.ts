export const INSTALL_DISMISSED_KEY = 'kinfolio-install-dismissed';

/** Chromium's install event; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export function isInstallDismissed(storage: Storage = window.localStorage): boolean {
  try {
    return storage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberInstallDismissed(storage: Storage = window.localStorage): void {
  try {
    storage.setItem(INSTALL_DISMISSED_KEY, '1');
  } catch {
    // Not remembered: the prompt may come back next visit.
  }
}

/**
 * The app's own flags that belong to the installation, not to a session: logging out (any reset)
 * clears all of localStorage, Cache Storage stays until the site's data is cleared.
 */
export const FLAGS_CACHE = 'kinfolio-flags';
const OFFLINE_READY_SHOWN = '/kinfolio-flags/offline-ready-shown';

/** True once the "ready to work offline" message was shown on this installation. */
export async function wasOfflineReadyShown(): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  try {
    return (await (await caches.open(FLAGS_CACHE)).match(OFFLINE_READY_SHOWN)) !== undefined;
  } catch {
    return false;
  }
}

export async function rememberOfflineReadyShown(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await (await caches.open(FLAGS_CACHE)).put(OFFLINE_READY_SHOWN, new Response('1'));
  } catch {
    // Not remembered: the message may come once more.
  }
}

/** Runtime caches (not Workbox's precache, which the waiting worker already filled). */
export async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => !name.includes('precache') && name !== FLAGS_CACHE)
      .map((name) => caches.delete(name)),
  );
}
