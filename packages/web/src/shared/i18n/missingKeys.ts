import { LIMITS, translationKey } from '@kinfolio/contract';

export interface MissingKeyReporterOptions {
  /** POST /api/site-translations for one key. */
  send: (key: string) => Promise<unknown>;
  /** Only logged-in users report. */
  isEnabled: () => boolean;
  /** Keys the server already has (with or without values) are not reported again. */
  isKnown?: (key: string) => boolean;
  /** Keys the app ships a message for: the server refuses any other (a typo, not a gap). */
  isShipped?: (key: string) => boolean;
  delayMs?: number;
}

export interface MissingKeyReporter {
  report: (key: string) => void;
  /** Sends what is waiting now (tests, page hide). */
  flush: () => Promise<void>;
  /** Forgets the keys of this session (logout). */
  reset: () => void;
}

/**
 * Collects missing keys, waits until none arrived for `delayMs` (1000 ms), then sends
 * the batch one key per request. A key is sent at most once per session.
 */
export function createMissingKeyReporter(options: MissingKeyReporterOptions): MissingKeyReporter {
  const delayMs = options.delayMs ?? LIMITS.missingTranslationDebounceMs;
  const seen = new Set<string>();
  let queue: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    if (!options.isEnabled()) {
      // Logged out meanwhile: these may be reported by a later session.
      for (const key of batch) seen.delete(key);
      return;
    }
    for (const key of batch) {
      try {
        await options.send(key);
      } catch {
        // Throttled or offline: the key stays seen, it is not worth a retry loop.
      }
    }
  }

  return {
    report(key) {
      if (seen.has(key) || !options.isEnabled()) return;
      if (!translationKey.safeParse(key).success || options.isKnown?.(key)) return;
      if (options.isShipped && !options.isShipped(key)) return;
      seen.add(key);
      queue.push(key);
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush,
    reset() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      queue = [];
      seen.clear();
    },
  };
}
