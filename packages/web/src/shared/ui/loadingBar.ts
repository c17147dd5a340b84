import { LOADING_BAR } from '@kinfolio/contract';
import { createStore } from 'zustand/vanilla';

export interface LoadingBarState {
  visible: boolean;
  progress: number;
  error: boolean;
}

/** Progress estimate that approaches 100 % without reaching it (70 % at `duration`). */
export function estimatedProgress(durationMs: number, elapsedMs: number): number {
  return (2 / Math.PI) * 100 * Math.atan(((elapsedMs / durationMs) * 100) / 50);
}

export const loadingBarStore = createStore<LoadingBarState>(() => ({
  visible: false,
  progress: 0,
  error: false,
}));

let active = 0;
let startedAt = 0;
let throttleTimer: ReturnType<typeof setTimeout> | undefined;
let tickTimer: ReturnType<typeof setInterval> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
let resetTimer: ReturnType<typeof setTimeout> | undefined;

function clearTimers() {
  clearTimeout(throttleTimer);
  clearInterval(tickTimer);
  clearTimeout(hideTimer);
  clearTimeout(resetTimer);
  throttleTimer = tickTimer = hideTimer = resetTimer = undefined;
}

function tick() {
  loadingBarStore.setState({
    progress: Math.min(99, estimatedProgress(LOADING_BAR.durationMs, Date.now() - startedAt)),
  });
}

/**
 * One bar shared by router navigations and API requests: every `start()` must be paired with a
 * `finish()` (or `fail()`); the bar only shows when work lasts longer than the throttle.
 */
export const loadingBar = {
  start(): void {
    active += 1;
    if (active > 1) return;
    const wasVisible = loadingBarStore.getState().visible;
    clearTimers();
    startedAt = Date.now();
    if (wasVisible) {
      // The bar is full, about to hide: it stays full until this work is done too. Estimating
      // afresh would make it jump back from 100 % to the start.
      loadingBarStore.setState({ error: false });
      return;
    }
    loadingBarStore.setState({ progress: 0, error: false });
    throttleTimer = setTimeout(() => {
      loadingBarStore.setState({ visible: true });
      tick();
      tickTimer = setInterval(tick, 100);
    }, LOADING_BAR.throttleMs);
  },
  finish(): void {
    if (active === 0) return;
    active -= 1;
    if (active > 0) return;
    clearTimers();
    if (!loadingBarStore.getState().visible) {
      loadingBarStore.setState({ progress: 0, error: false });
      return;
    }
    loadingBarStore.setState({ progress: 100 });
    hideTimer = setTimeout(() => {
      loadingBarStore.setState({ visible: false });
      resetTimer = setTimeout(
        () => loadingBarStore.setState({ progress: 0, error: false }),
        LOADING_BAR.resetDelayMs,
      );
    }, LOADING_BAR.hideDelayMs);
  },
  /** Finishes one unit of work and paints the bar, if it is showing, in the error colour. */
  fail(): void {
    loadingBarStore.setState({ error: true });
    loadingBar.finish();
  },
  /** Test helper. */
  reset(): void {
    active = 0;
    clearTimers();
    loadingBarStore.setState({ visible: false, progress: 0, error: false });
  },
};
