import type { QueryClient } from '@tanstack/react-query';
import { nextTask } from '@/shared/nextTask';

/** Longest wait for the first page's pieces before rendering anyway (the boot paint shows meanwhile). */
export const FIRST_PAGE_WAIT_MS = 4000;

/** Resolves once no query is fetching (paused ones, offline, do not count). */
export function fetchesSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (queryClient.isFetching() > 0) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}

/**
 * Waits for what the first page shows (its route's code and guards, its layout, its wording, the
 * fetches its loaders started) so that React renders it once, as a transition that yields to the
 * browser every few milliseconds, instead of rendering the shell, then again for each piece as it
 * lands (each such update renders in one block: on a phone, a long task per piece). Never fails
 * and never waits longer than `timeoutMs`: whatever is missing then shows its own pending state.
 */
export async function firstPageReady(
  work: Promise<unknown>,
  timeoutMs = FIRST_PAGE_WAIT_MS,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([work.catch(() => undefined), timeout]);
  clearTimeout(timer);
}

/**
 * Starts each step in a task of its own and resolves once all are done: what each does at once
 * (a route's matching and guards, requests, the preload links of a chunk's imports) would add up
 * to one long task.
 */
export async function startInTurn(steps: readonly (() => Promise<unknown>)[]): Promise<unknown[]> {
  const running: Promise<unknown>[] = [];
  for (const step of steps) {
    if (running.length > 0) await nextTask();
    running.push(step());
  }
  return Promise.all(running);
}
