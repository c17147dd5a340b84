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

/** Runtime caches (not Workbox's precache, which the waiting worker already filled). */
export async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => !name.includes('precache')).map((name) => caches.delete(name)),
  );
}
