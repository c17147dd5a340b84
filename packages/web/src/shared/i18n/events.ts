/**
 * What the i18n instance emits once site translations were merged (mergeTranslations.ts): the
 * components' wording renders again on it (react.ts binds useTranslation to it), not on every bundle added,
 * since each page's namespaces loading would otherwise render the whole app again, in one
 * synchronous task each. Its own module: the entry needs the name, not the merger.
 */
export const SITE_TRANSLATIONS_MERGED = 'siteTranslationsMerged';
