import { useEffect, useReducer, useSyncExternalStore } from 'react';
import type { I18n, TFunction } from './core';
import { SITE_TRANSLATIONS_MERGED } from './events';
import { i18n } from './index';

/**
 * `useTranslation` over an instance, in place of react-i18next's: components render again when
 * the language changed or site translations were merged (SITE_TRANSLATIONS_MERGED), not when a
 * bundle loads (Suspense waits for a page's namespaces instead).
 */
export function bindTranslation(i18n: I18n) {
  let version = 0;
  const subscribers = new Set<() => void>();
  /** One `t` per namespace until the wording changes: a new one then, so memos depending on it run again. */
  let fixed = new Map<string, TFunction>();
  const changed = () => {
    version += 1;
    fixed = new Map();
    subscribers.forEach((notify) => notify());
  };
  i18n.on(`languageChanged ${SITE_TRANSLATIONS_MERGED}`, changed);
  const subscribe = (notify: () => void) => {
    subscribers.add(notify);
    return () => void subscribers.delete(notify);
  };
  const getVersion = () => version;

  /**
   * `t` looks in the first namespace (others with `ns:key`), in the current language then the
   * fallback. Suspends until every namespace named loaded, unless `useSuspense: false`: then
   * `ready` says whether they did, and the component renders again once they have.
   */
  return function useTranslation(
    ns: string | readonly string[] = i18n.options.defaultNS,
    { useSuspense = true }: { useSuspense?: boolean } = {},
  ): { t: TFunction; i18n: I18n; ready: boolean } {
    const namespaces = typeof ns === 'string' ? [ns] : ns;
    const names = namespaces.join(' ');
    useSyncExternalStore(subscribe, getVersion, getVersion);
    const [, loaded] = useReducer((count: number) => count + 1, 0);
    const ready = namespaces.every((n) => i18n.hasLoadedNamespace(n));
    useEffect(() => {
      if (!ready && !useSuspense) void i18n.loadNamespaces(names.split(' ')).then(() => loaded());
    }, [ready, useSuspense, names]);
    if (!ready && useSuspense) throw i18n.loadNamespaces(namespaces);
    const first = namespaces[0] ?? i18n.options.defaultNS;
    let t = fixed.get(first);
    if (!t) fixed.set(first, (t = i18n.getFixedT(i18n.language, first)));
    return { t, i18n, ready };
  };
}

export const useTranslation = bindTranslation(i18n);
