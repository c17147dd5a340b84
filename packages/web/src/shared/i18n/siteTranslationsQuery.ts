import { queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/call';

/*
 * The site translations' query alone, for the route table's loader: the merging and the
 * missing-key reporting (siteTranslations.ts) load after the entry.
 */

export const siteTranslationKeys = { all: ['site-translations'] as const };

/** GET /api/site-translations (public): every key with its value per language. */
export const siteTranslationsQuery = queryOptions({
  queryKey: siteTranslationKeys.all,
  queryFn: ({ signal }) => call('siteTranslations', {}, { signal, silent: true, background: true }),
  // Kept on the device so edited wording shows from the first paint of the next visit.
  meta: { persist: true },
});
