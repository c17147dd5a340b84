import { isContentLanguage, type ContentLanguage } from '@kinfolio/contract';
import type { ModelCode } from './traineddata.js';

const MODEL_OF: Record<ContentLanguage, ModelCode> = {
  fr: 'fra',
  en: 'eng',
  de: 'deu',
  it: 'ita',
  ar: 'ara',
};

/**
 * The models a scan is read with: those of the languages asked for, else of its item's language
 * and its original's (a translation of a German letter holds the German scan). An unknown
 * language falls back to English, whose model reads any Latin script passably.
 */
export function modelsFor(languages: readonly (string | null | undefined)[]): {
  models: ModelCode[];
  language: string;
} {
  const known = [...new Set(languages.filter(isContentLanguage))];
  const chosen: ContentLanguage[] = known.length ? known : ['en'];
  return { models: chosen.map((l) => MODEL_OF[l]), language: chosen.join('+') };
}
