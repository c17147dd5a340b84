import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_UI_LANGUAGE,
  FALLBACK_UI_LANGUAGE,
  UI_LANGUAGES,
  isUiLanguage,
  translationKeysOf,
  type UiLanguage,
} from '@kinfolio/contract';

export const LANGUAGE_STORAGE_KEY = 'kinfolio-language';

/** Every namespace JSON under src/locales/<lang>/<ns>.json, so feature helpers only add files. */
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json', {
  eager: true,
});

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [path, mod] of Object.entries(modules)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang = '', ns = ''] = match;
    resources[lang] ??= {};
    resources[lang][ns] = mod.default;
  }
  return resources;
}

/** An unsupported locale falls back to en (spec §1). */
export function normalizeLanguage(value: string | null | undefined): UiLanguage {
  if (!value) return FALLBACK_UI_LANGUAGE;
  const base = value.toLowerCase().split(/[-_]/)[0];
  return isUiLanguage(base) ? base : FALLBACK_UI_LANGUAGE;
}

function readStoredLanguage(): UiLanguage | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return stored ? normalizeLanguage(stored) : null;
  } catch {
    return null;
  }
}

/** The first of the browser's languages the interface has, if any. */
export function browserLanguage(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): UiLanguage | null {
  for (const tag of languages) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isUiLanguage(base)) return base;
  }
  return null;
}

/**
 * The language before anyone logs in: the last choice on this device, else the browser's
 * languages, else the product default fr. Once logged in the user's own language applies (and
 * becomes this device's last choice).
 */
export function initialLanguage(): UiLanguage {
  return readStoredLanguage() ?? browserLanguage() ?? DEFAULT_UI_LANGUAGE;
}

const resources = buildResources();

/**
 * Every `namespace:path.key` the app ships a message for, in any language, sorted: the site
 * translations editor offers them all, not only the keys already stored on the server.
 * Computed before site translations are merged in (that merge mutates the bundles).
 */
export const BUNDLED_KEYS: readonly string[] = (() => {
  const keys = new Set<string>();
  for (const bundles of Object.values(resources))
    for (const key of translationKeysOf(bundles)) keys.add(key);
  return [...keys].sort();
})();

let missingKeyListener: ((ns: string, key: string) => void) | null = null;

/** Receives every key `t()` finds in no language (needs a logged-in reporter, wired at start). */
export function onMissingKey(listener: ((ns: string, key: string) => void) | null): void {
  missingKeyListener = listener;
}

void i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: FALLBACK_UI_LANGUAGE,
  supportedLngs: [...UI_LANGUAGES],
  ns: Array.from(new Set(Object.values(resources).flatMap((r) => Object.keys(r)))),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // Site translations (edited on the server) are merged in with addResourceBundle: re-render then.
  react: { bindI18nStore: 'added' },
  // Keys the app meets without a value are reported to the server (see siteTranslations.ts).
  saveMissing: true,
  missingKeyHandler: (_lngs, ns, key) => missingKeyListener?.(ns, key),
});

function syncDocumentLanguage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
syncDocumentLanguage(i18next.language);
i18next.on('languageChanged', syncDocumentLanguage);

export function currentLanguage(): UiLanguage {
  return normalizeLanguage(i18next.resolvedLanguage ?? i18next.language);
}

/** Switches the interface language and remembers the choice on this device. */
export async function setLanguage(value: string): Promise<UiLanguage> {
  const lang = normalizeLanguage(value);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode or full storage: the choice still applies to this page.
  }
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  return lang;
}

export const LANGUAGE_LABELS: Record<UiLanguage, string> = {
  fr: 'Français',
  en: 'English',
  it: 'Italiano',
  de: 'Deutsch',
};

export { i18next };
