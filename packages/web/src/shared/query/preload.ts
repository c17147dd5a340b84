import type { QueryClient, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import type { RequestOptions } from '@/shared/api/client';

/**
 * The request options of a query's fetch. A fetch a route loader starts on intent (a hover, a
 * focus) runs in the background and silently: the user has not asked for the page yet, so no
 * loading bar and no toast; the page's own fetch shows them if it fails again.
 */
export function fetchOptions({
  signal,
  meta,
}: Pick<QueryFunctionContext, 'signal' | 'meta'>): RequestOptions {
  return meta?.preload === true ? { signal, background: true, silent: true } : { signal };
}

interface LoadableQuery {
  queryKey: QueryKey;
  meta?: Record<string, unknown>;
}

/**
 * A route loader's fetch of its page's main query: on intent it fetches what the cache lacks
 * alongside the page's code; on entry it starts the fetch while the code loads. Not awaited and
 * never failing: the page keeps its own pending, error and refresh behaviour, and a navigation
 * never waits for data nor lands on the route error screen because of it.
 */
export function loadQuery<Options extends LoadableQuery>(
  queryClient: QueryClient,
  options: Options,
  preload: boolean,
): void {
  const quiet = preload ? { ...options, meta: { ...options.meta, preload: true } } : options;
  // queryOptions() results are what ensureQueryData takes; the spread keeps their type.
  void queryClient
    .ensureQueryData(quiet as Parameters<QueryClient['ensureQueryData']>[0])
    .catch(() => undefined);
}
