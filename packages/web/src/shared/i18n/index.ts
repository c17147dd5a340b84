import {
  DEFAULT_UI_LANGUAGE,
  FALLBACK_UI_LANGUAGE,
  UI_LANGUAGES,
  isUiLanguage,
  translationKeysOf,
  type UiLanguage,
} from '@kinfolio/contract';
import { createI18n, type Messages } from './core';

export const LANGUAGE_STORAGE_KEY = 'kinfolio-language';
/**
 * Set when someone picks a language while logged out (login, register, invitation pages): the
 * next login keeps it and saves it to the account, instead of the account's older one.
 */
export const LANGUAGE_CHOICE_KEY = 'kinfolio-language-chosen';

/**
 * The namespaces every screen may need before its own code arrives (the shell, API errors): they
 * start loading with the entry, in the interface language and the fallback one (one small chunk
 * per language, vite.config.ts), beside the first page's code; the root route waits for them
 * (Suspense). The others (a JSON file per language and namespace under
 * src/locales/<lang>/<ns>.json, so feature helpers only add files) load when a page asks for
 * them: a lazy route loads its page's namespace beside its code (routing/namespaces.ts), and
 * `useTranslation` waits (Suspense) for any other. No wording is in the entry: four languages of
 * the shell's weighed about 5 KB gzipped there, of which a visitor reads one.
 */
export const SHELL_NAMESPACES = ['common', 'layout', 'errors'] as const;

type Bundle = { default: Messages };
const lazyModules = import.meta.glob<Bundle>('../../locales/*/*.json');

const bundlePath = (lang: string, ns: string) => `../../locales/${lang}/${ns}.json`;

function partsOf(path: string): { lang: string; ns: string } | null {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { lang: match[1] ?? '', ns: match[2] ?? '' } : null;
}

/** Every namespace the app ships, in any language. */
export const NAMESPACES: readonly string[] = [
  ...new Set(Object.keys(lazyModules).flatMap((path) => partsOf(path)?.ns ?? [])),
].sort();

/** Whether the app ships this namespace in a file that loads on demand (all of them do). */
export function isLazyBundle(lang: string, ns: string): boolean {
  return bundlePath(lang, ns) in lazyModules;
}

/** A bundle the app does not ship is empty. */
function loadBundle(lang: string, ns: string): Promise<Messages> {
  const load = lazyModules[bundlePath(lang, ns)];
  return load ? load().then((mod) => mod.default) : Promise.resolve({});
}

/** An unsupported locale falls back to en. */
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

const navigatorLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/** The first of the browser's languages the interface has, if any. */
export function browserLanguage(
  languages: readonly string[] = navigatorLanguages(),
): UiLanguage | null {
  for (const tag of languages) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isUiLanguage(base)) return base;
  }
  return null;
}

/**
 * The language before anyone logs in: the last choice on this device, else the first of the
 * browser's languages the interface has; a browser asking only for others gets the fallback en
 * (its reader more likely reads English than French), one that says nothing the default fr.
 * Once logged in the user's own language applies (and becomes this device's last choice).
 */
export function initialLanguage(languages: readonly string[] = navigatorLanguages()): UiLanguage {
  const asked = languages.filter(Boolean);
  return (
    readStoredLanguage() ??
    browserLanguage(asked) ??
    (asked.length > 0 ? FALLBACK_UI_LANGUAGE : DEFAULT_UI_LANGUAGE)
  );
}

let shipped: Promise<readonly string[]> | undefined;

/**
 * Every `namespace:path.key` the app ships a message for, in any language, sorted: the site
 * translations editor offers them all, not only the keys already stored on the server. Read from
 * the files (all of them load), not from the i18n store, whose bundles site translations are merged into.
 */
export function bundledKeys(): Promise<readonly string[]> {
  shipped ??= (async () => {
    const lazy = await Promise.all(
      Object.entries(lazyModules).map(async ([path, load]) => [path, await load()] as const),
    );
    const bundles: Record<string, Record<string, Messages>> = {};
    for (const [path, mod] of lazy) {
      const parts = partsOf(path);
      if (parts) (bundles[parts.lang] ??= {})[parts.ns] = mod.default;
    }
    const keys = new Set<string>();
    for (const perLanguage of Object.values(bundles))
      for (const key of translationKeysOf(perLanguage)) keys.add(key);
    return [...keys].sort();
  })();
  return shipped;
}

let everyBundle: Promise<void> | undefined;

/** Puts every namespace of every language into the store (the editor shows them side by side). */
export function loadEveryBundle(): Promise<void> {
  everyBundle ??= (async () => {
    // Every namespace becomes one the store loads (and loads again on a language change)…
    await i18n.loadNamespaces([...NAMESPACES]);
    // …here in every language.
    await i18n.loadLanguages([...UI_LANGUAGES]);
  })();
  return everyBundle;
}

let missingKeyListener: ((ns: string, key: string) => void) | null = null;

/** Receives every key `t()` finds in no language (needs a logged-in reporter, wired at start). */
export function onMissingKey(listener: ((ns: string, key: string) => void) | null): void {
  missingKeyListener = listener;
}

/**
 * The namespaces loaded at start: the shell's, unless the page names its own on `<html
 * data-kf-namespaces>` (share.html, a share link's page, needs only `shares`).
 */
function startNamespaces(): readonly string[] {
  const named =
    typeof document === 'undefined' ? undefined : document.documentElement.dataset.kfNamespaces;
  return named ? named.split(' ').filter(Boolean) : SHELL_NAMESPACES;
}

export const i18n = createI18n({
  lng: initialLanguage(),
  fallbackLng: FALLBACK_UI_LANGUAGE,
  supportedLngs: UI_LANGUAGES,
  ns: startNamespaces(),
  defaultNS: 'common',
  load: loadBundle,
  // Keys the app meets without a value are reported to the server (see siteTranslations.ts).
  // A namespace still loading is not missing its keys.
  missingKeyHandler: (_lngs, ns, key) => {
    if (i18n.hasLoadedNamespace(ns)) missingKeyListener?.(ns, key);
  },
});

function syncDocumentLanguage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** The language a switch is under way to, while its wording loads. */
let switchingTo: UiLanguage | null = null;

/**
 * The interface language; during a switch already the new one, so that requests sent meanwhile
 * (their Accept-Language) are answered in the language the screen is about to speak.
 */
export function currentLanguage(): UiLanguage {
  return switchingTo ?? normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the interface language and remembers the choice on this device. */
export async function setLanguage(value: string): Promise<UiLanguage> {
  const lang = normalizeLanguage(value);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode or full storage: the choice still applies to this page.
  }
  if (i18n.language === lang && switchingTo === null) return lang;
  switchingTo = lang;
  try {
    await i18n.changeLanguage(lang);
  } finally {
    // A later switch owns the value now.
    if (switchingTo === lang) switchingTo = null;
  }
  return lang;
}

/** Remembers that the language was picked by hand while logged out (see LANGUAGE_CHOICE_KEY). */
export function markLanguageChosen(lang: UiLanguage): void {
  try {
    window.localStorage.setItem(LANGUAGE_CHOICE_KEY, lang);
  } catch {
    // Storage unavailable: the next login applies the account's language.
  }
}

/** The language picked by hand while logged out, forgotten once read (a login uses it once). */
export function takeChosenLanguage(): UiLanguage | null {
  try {
    const chosen = window.localStorage.getItem(LANGUAGE_CHOICE_KEY);
    window.localStorage.removeItem(LANGUAGE_CHOICE_KEY);
    return chosen && isUiLanguage(chosen) ? chosen : null;
  } catch {
    return null;
  }
}

export const LANGUAGE_LABELS: Record<UiLanguage, string> = {
  fr: 'Français',
  en: 'English',
  it: 'Italiano',
  de: 'Deutsch',
};

let shell: Promise<unknown> | undefined;

/**
 * Resolves once the shell's namespaces are in (they load at start): wording computed outside
 * React (an API error's toast, a guard's message) waits for it instead of showing keys.
 */
export function shellWording(): Promise<unknown> {
  if (SHELL_NAMESPACES.every((ns) => i18n.hasLoadedNamespace(ns))) return Promise.resolve();
  shell ??= i18n.loadNamespaces([...SHELL_NAMESPACES]);
  return shell;
}
