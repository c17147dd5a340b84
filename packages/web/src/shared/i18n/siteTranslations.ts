import { hashKey, type QueryClient } from '@tanstack/react-query';
import { call } from '@/shared/api/call';
import { useSessionStore } from '@/shared/session/store';
import { bundledKeys, i18n, isLazyBundle, onMissingKey } from './index';
import { createTranslationMerger } from './mergeTranslations';
import type { MissingKeyReporter } from './missingKeys';
import { siteTranslationKeys, siteTranslationsQuery } from './siteTranslationsQuery';

export { siteTranslationKeys, siteTranslationsQuery };

let installed = false;

/**
 * At start: loads the site translations and merges them over the bundled messages, again each
 * time the list changes (an edit refreshes it), and reports keys the app meets without a value.
 */
export function installSiteTranslations(queryClient: QueryClient): void {
  if (installed) return;
  installed = true;
  const merge = createTranslationMerger(
    i18n,
    (lng, ns) => !isLazyBundle(lng, ns) || i18n.hasResourceBundle(lng, ns),
  );
  let known = new Set<string>();
  let last: Parameters<typeof merge>[0] | undefined;
  const sync = () => {
    const data = queryClient.getQueryData(siteTranslationsQuery.queryKey);
    if (!data || data === last) return;
    last = data;
    known = new Set(data.map((row) => row.key));
    merge(data);
  };
  // A page's bundle arrived: the overrides that waited for it apply now.
  i18n.on('loaded', () => {
    if (last) merge(last);
  });
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === hashKey(siteTranslationKeys.all)) sync();
  });
  sync();
  void queryClient.prefetchQuery(siteTranslationsQuery);

  const isEnabled = () => {
    const { isLoggedIn, user } = useSessionStore.getState();
    return isLoggedIn && user !== null;
  };
  // The reporter checks keys with the contract's zod schema and against every shipped bundle: it
  // loads with the first key to report, so zod and the other languages stay out of the first
  // screen's bundle.
  let reporter: Promise<MissingKeyReporter> | undefined;
  const loadReporter = () =>
    (reporter ??= Promise.all([import('./missingKeys'), bundledKeys()]).then(
      ([{ createMissingKeyReporter }, keys]) => {
        const shipped = new Set(keys);
        return createMissingKeyReporter({
          send: (key) =>
            call('siteTranslationCreate', { body: { key } }, { silent: true, background: true }),
          isEnabled,
          isKnown: (key) => known.has(key),
          isShipped: (key) => shipped.has(key),
        });
      },
    ));
  onMissingKey((ns, key) => {
    if (isEnabled()) void loadReporter().then((loaded) => loaded.report(`${ns}:${key}`));
  });
  useSessionStore.subscribe((state, previous) => {
    if (previous.isLoggedIn && !state.isLoggedIn) void reporter?.then((loaded) => loaded.reset());
  });
}
