import { hashKey, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SiteTranslation } from '@kinfolio/contract';
import { api } from '@/shared/api/client';
import { listOf } from '@/shared/api/lists';
import { useSessionStore } from '@/shared/session/store';
import { i18next, onMissingKey } from './index';
import { createTranslationMerger } from './mergeTranslations';
import { createMissingKeyReporter } from './missingKeys';

export const siteTranslationKeys = { all: ['site-translations'] as const };

/** GET /api/site-translations (public): every key with its value per language. */
export const siteTranslationsQuery = queryOptions({
  queryKey: siteTranslationKeys.all,
  queryFn: async ({ signal }) =>
    listOf<SiteTranslation>(
      await api.get('/api/site-translations', { signal, silent: true, background: true }),
    ),
  // Kept on the device so edited wording shows from the first paint of the next visit.
  meta: { persist: true },
});

let installed = false;

/**
 * At start: loads the site translations and merges them over the bundled messages, again each
 * time the list changes (an edit refreshes it), and reports keys the app meets without a value.
 */
export function installSiteTranslations(queryClient: QueryClient): void {
  if (installed) return;
  installed = true;
  const merge = createTranslationMerger(i18next);
  let known = new Set<string>();
  let last: unknown;
  const sync = () => {
    const data = queryClient.getQueryData(siteTranslationsQuery.queryKey);
    if (!data || data === last) return;
    last = data;
    known = new Set(data.map((row) => row.key));
    merge(data);
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === hashKey(siteTranslationKeys.all)) sync();
  });
  sync();
  void queryClient.prefetchQuery(siteTranslationsQuery);

  const reporter = createMissingKeyReporter({
    send: (key) => api.post('/api/site-translations', { key }, { silent: true, background: true }),
    isEnabled: () => {
      const { isLoggedIn, user } = useSessionStore.getState();
      return isLoggedIn && user !== null;
    },
    isKnown: (key) => known.has(key),
  });
  onMissingKey((ns, key) => reporter.report(`${ns}:${key}`));
  useSessionStore.subscribe((state, previous) => {
    if (previous.isLoggedIn && !state.isLoggedIn) reporter.reset();
  });
}
