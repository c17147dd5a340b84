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

/**
 * A page's chunk that failed to load online (typically gone after a new deployment). Not taken
 * for a missing module by TanStack's lazy component, which would reload on its own before the
 * route's error screen reloads again: the error screen's guarded reload is the only one.
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('This part of the app could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * What a failed lazy import becomes: an OfflineChunkError when offline, a ChunkLoadError online,
 * any other error itself.
 */
export function pageLoadError(error: unknown): never {
  if (!isChunkLoadError(error)) throw error;
  throw navigator.onLine ? new ChunkLoadError(error) : new OfflineChunkError(error);
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
