import { UI_LANGUAGES, type UiLanguage } from '../constants.js';
import type { TranslatedName } from './organisation.js';

/** Which language's name to show: the UI language, else en, else fr, else any. */
export function displayName(name: TranslatedName, language: UiLanguage): string {
  const order: UiLanguage[] = [language, 'en', 'fr', ...UI_LANGUAGES];
  for (const lang of order) {
    const value = name[lang];
    if (value) return value;
  }
  return '';
}
