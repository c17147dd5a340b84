import {
  fetchBuildManifest,
  fetchLatestBuild,
  isNewerBuild,
  type BuildInfo,
  type FetchLike,
} from './manifest';
import { whenIdle } from './idle';

/** The spec says "periodically" without a figure; hourly, plus each return to the window. */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** Switching windows back and forth checks at most this often. */
export const FOCUS_CHECK_MIN_GAP_MS = 60 * 1000;
/** The running build's manifest is read this long after the page first goes idle. */
export const MANIFEST_DELAY_MS = 1000;

export interface BuildWatcherOptions {
  /** The id compiled into the running app. */
  buildId: string;
  /** Called once, when a newer build than the running one is found. */
  onNewBuild: (latest: BuildInfo) => void;
  fetch?: FetchLike;
  intervalMs?: number;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

export interface BuildWatcher {
  /** Asks latest.json now; resolves when the answer has been handled. */
  check(): Promise<void>;
  stop(): void;
}

/**
 * Polls builds/latest.json (new build detection) every `intervalMs` and when the window
 * regains focus, and reads the running build's manifest about 1 s after the page goes idle. A
 * failed load is only logged, never shown.
 */
export function watchBuilds(options: BuildWatcherOptions): BuildWatcher {
  const fetchImpl = options.fetch ?? ((url, init) => window.fetch(url, init));
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message, error) => console.warn(message, error));
  let runningTimestamp: number | undefined;
  let lastCheck = 0;
  let found = false;
  let stopped = false;

  const check = async (): Promise<void> => {
    if (found || stopped) return;
    lastCheck = now();
    try {
      const latest = await fetchLatestBuild(fetchImpl, lastCheck);
      if (!found && !stopped && isNewerBuild(latest, options.buildId, runningTimestamp)) {
        found = true;
        stop();
        options.onNewBuild(latest);
      }
    } catch (error) {
      log('[build] could not read the latest build', error);
    }
  };

  const loadManifest = async (): Promise<void> => {
    try {
      runningTimestamp = (await fetchBuildManifest(fetchImpl, options.buildId)).timestamp;
    } catch (error) {
      log('[build] could not load the build manifest', error);
    }
  };

  const onFocus = () => {
    if (now() - lastCheck >= FOCUS_CHECK_MIN_GAP_MS) void check();
  };

  let manifestTimer: number | undefined;
  const cancelIdle = whenIdle(() => {
    manifestTimer = window.setTimeout(() => void loadManifest(), MANIFEST_DELAY_MS);
  });
  const interval = window.setInterval(
    () => void check(),
    options.intervalMs ?? BUILD_CHECK_INTERVAL_MS,
  );
  lastCheck = now();
  window.addEventListener('focus', onFocus);

  function stop() {
    stopped = true;
    cancelIdle();
    window.clearTimeout(manifestTimer);
    window.clearInterval(interval);
    window.removeEventListener('focus', onFocus);
  }

  return { check, stop };
}
