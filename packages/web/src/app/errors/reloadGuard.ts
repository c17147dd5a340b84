import { LIMITS } from '@kinfolio/contract';

const KEY_PREFIX = 'kinfolio-reload:';

/** Messages browsers use when a lazily imported chunk is gone (typically after a new deploy). */
const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}

/**
 * A chunk that could not load because the browser is offline: not a new deployment, so nothing a
 * reload could mend (it would show the browser's offline page instead of the app).
 */
export class OfflineChunkError extends Error {
  constructor(cause: unknown) {
    super('This part of the app was not loaded before going offline.', { cause });
    this.name = 'OfflineChunkError';
  }
}

/** What a failed lazy import becomes: an OfflineChunkError when offline, else itself. */
export function offlineAware(error: unknown): never {
  throw isChunkLoadError(error) && !navigator.onLine ? new OfflineChunkError(error) : error;
}

/**
 * Reloads once per path: the guard stores the reloaded path for 10 s so a chunk that is
 * really missing does not cause a reload loop. Never offline, where the chunk is missing for want
 * of a network. Returns whether a reload was started.
 */
export function reloadWithGuard(
  path: string,
  storage: Storage = window.sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  if (!navigator.onLine) return false;
  const key = KEY_PREFIX + path;
  try {
    const last = Number(storage.getItem(key));
    if (last && now - last < LIMITS.reloadGuardMs) return false;
    storage.setItem(key, String(now));
  } catch {
    // Without storage we cannot guard; reloading once is still the best recovery.
  }
  reload();
  return true;
}
