import { UI_LANGUAGES, type SiteTranslation } from '@kinfolio/contract';

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

/** A site translation with at least one language left empty. */
export function isIncomplete(row: SiteTranslation): boolean {
  return UI_LANGUAGES.some((lng) => !row.text[lng].trim());
}
