import {
  UI_LANGUAGES,
  type TranslatedName,
  type TranslatedNameInput,
  type UiLanguage,
} from '@kinfolio/contract';
import type { TranslatedNameColumns } from '../db/schema.js';
import { fieldError } from '../http/errors.js';

/** The column holding each language's name in tables with a translated name (categories, tags). */
export const NAME_COLUMNS = {
  fr: 'name_fr',
  en: 'name_en',
  it: 'name_it',
  de: 'name_de',
} as const satisfies Record<UiLanguage, keyof TranslatedNameColumns>;

export const NAME_COLUMN_LIST = UI_LANGUAGES.map((language) => NAME_COLUMNS[language]);

export const NO_NAME: TranslatedNameColumns = {
  name_fr: null,
  name_en: null,
  name_it: null,
  name_de: null,
};

/** Columns → the contract's `{fr, en, it, de}`; an empty column reads as null. */
export function nameOf(row: TranslatedNameColumns): TranslatedName {
  return {
    fr: row.name_fr || null,
    en: row.name_en || null,
    it: row.name_it || null,
    de: row.name_de || null,
  };
}

/**
 * Applies a name as a client sent it over the current columns: a plain string is the name in the
 * request's language; in an object, absent languages stay, null or '' clears one. The result must
 * keep a name in at least one language (422 on `name` otherwise).
 */
export function applyName(
  current: TranslatedNameColumns,
  input: TranslatedNameInput,
  requestLanguage: UiLanguage,
): TranslatedNameColumns {
  const next = { ...current };
  const given: [UiLanguage, string | null | undefined][] =
    typeof input === 'string'
      ? [[requestLanguage, input]]
      : UI_LANGUAGES.map((language) => [language, input[language]]);
  for (const [language, value] of given) {
    if (value === undefined) continue;
    next[NAME_COLUMNS[language]] = value?.trim() || null;
  }
  if (NAME_COLUMN_LIST.every((column) => !next[column])) {
    throw fieldError('name', 'organisation.name_required');
  }
  return next;
}
