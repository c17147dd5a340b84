import { UI_LANGUAGES, type SiteTranslation, type UiLanguage } from '@kinfolio/contract';

/** Lower case without accents, so "eleve" finds "Élève". */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** True when the search is empty or one of the texts contains it (accent- and case-insensitive). */
export function matchesText(
  search: string,
  texts: readonly (string | null | undefined)[],
): boolean {
  const needle = foldText(search.trim());
  if (!needle) return true;
  return texts.some(
    (text) => text !== null && text !== undefined && foldText(text).includes(needle),
  );
}

/**
 * A key that shows no text in some language: neither a site value nor wording built into the
 * app (`builtIn`).
 */
export function isIncomplete(
  row: Pick<SiteTranslation, 'key' | 'text'>,
  builtIn: (key: string, lng: UiLanguage) => string | undefined,
): boolean {
  return missingLanguages(row, builtIn).length > 0;
}

/** The languages in which a key shows no text at all: its missing values. */
export function missingLanguages(
  row: Pick<SiteTranslation, 'key' | 'text'>,
  builtIn: (key: string, lng: UiLanguage) => string | undefined,
): UiLanguage[] {
  return UI_LANGUAGES.filter((lng) => !row.text[lng].trim() && !builtIn(row.key, lng)?.trim());
}

/** How many values are missing over these rows (one per key and language without text). */
export function countMissing(
  rows: readonly Pick<SiteTranslation, 'key' | 'text'>[],
  builtIn: (key: string, lng: UiLanguage) => string | undefined,
): number {
  return rows.reduce((sum, row) => sum + missingLanguages(row, builtIn).length, 0);
}
