import type { BuildInfo } from './manifest';
import { reloadOnNextNavigation, type NavigationSource } from './reloadOnNavigate';
import { watchBuilds } from './watcher';

export type { BuildInfo } from './manifest';

/**
 * New build detection: watch builds/latest.json and, once a newer build is out, load
 * the next page in full. Only in a built app: the dev server has no builds/ files to read.
 */
export function startNewBuildDetection(
  router: NavigationSource,
  buildId: string | undefined = import.meta.env.VITE_BUILD_ID as string | undefined,
): () => void {
  if (!buildId || import.meta.env.DEV) return () => undefined;
  let newer: BuildInfo | null = null;
  const watcher = watchBuilds({ buildId, onNewBuild: (latest) => (newer = latest) });
  const unsubscribe = reloadOnNextNavigation(router, () => newer?.id ?? null);
  return () => {
    watcher.stop();
    unsubscribe();
  };
}
