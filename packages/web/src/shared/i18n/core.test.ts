import { describe, expect, it, vi } from 'vitest';
import { createI18n, type I18nOptions, type Messages } from './core';

const bundles: Record<string, Record<string, Messages>> = {
  fr: {
    common: {
      hello: 'Bonjour {{name}}',
      items_one: '{{count}} élément',
      items_other: '{{count}} éléments',
      empty: '',
      nav: { profile: 'Mon profil' },
    },
    layout: { title: 'Accueil' },
  },
  en: {
    common: {
      hello: 'Hello {{name}}',
      items_one: '{{count}} item',
      items_other: '{{count}} items',
      onlyEnglish: 'Only in English',
      nav: { profile: 'My profile' },
    },
    layout: { title: 'Home' },
  },
  de: { common: { items_one: '{{count}} Element', items_other: '{{count}} Elemente' } },
  it: { common: { items_one: '{{count}} elemento', items_other: '{{count}} elementi' } },
};

const base = {
  fallbackLng: 'en',
  supportedLngs: ['fr', 'en', 'it', 'de'],
  defaultNS: 'common',
} as const;

/** Bundles given up front, as the merge's tests do. */
const withResources = (extra: Partial<I18nOptions> = {}) =>
  createI18n({
    ...base,
    lng: 'fr',
    ns: ['common', 'layout'],
    resources: JSON.parse(JSON.stringify(bundles)) as typeof bundles,
    ...extra,
  });

/** Bundles loaded on demand, as the app does; `release` lets a pending load finish. */
function withLoader(extra: Partial<I18nOptions> = {}) {
  const calls: string[] = [];
  const gates: (() => void)[] = [];
  const load = (lng: string, ns: string) => {
    calls.push(`${lng}|${ns}`);
    return new Promise<Messages>((resolve) => {
      gates.push(() => resolve(structuredClone(bundles[lng]?.[ns] ?? {})));
    });
  };
  const i18n = createI18n({ ...base, lng: 'fr', ns: ['common'], load, ...extra });
  const release = async () => {
    while (gates.length > 0) gates.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { i18n, calls, release };
}

describe('t', () => {
  it('reads nested keys, in the default namespace or the one named', () => {
    const i18n = withResources();
    expect(i18n.t('nav.profile')).toBe('Mon profil');
    expect(i18n.t('layout:title')).toBe('Accueil');
    expect(i18n.t('title', { ns: 'layout' })).toBe('Accueil');
    expect(i18n.t('title', { ns: ['common', 'layout'] })).toBe('Accueil');
  });

  it('puts values in without escaping them, and leaves a value not given as it is', () => {
    const i18n = withResources();
    expect(i18n.t('hello', { name: '<b>Anne & Jo</b>' })).toBe('Bonjour <b>Anne & Jo</b>');
    expect(i18n.t('hello')).toBe('Bonjour {{name}}');
    expect(i18n.t('hello', { name: undefined })).toBe('Bonjour ');
    expect(i18n.t('hello', { name: null })).toBe('Bonjour ');
    expect(i18n.t('hello', { name: 3 })).toBe('Bonjour 3');
    // A value is not read for values again.
    expect(i18n.t('hello', { name: '{{name}}' })).toBe('Bonjour {{name}}');
  });

  it('chooses the plural form by the language: French says 0 and 1 in the singular', () => {
    const i18n = withResources();
    expect(i18n.t('items', { count: 0 })).toBe('0 élément');
    expect(i18n.t('items', { count: 1 })).toBe('1 élément');
    expect(i18n.t('items', { count: 2 })).toBe('2 éléments');
    expect(i18n.t('items', { count: 0, lng: 'en' })).toBe('0 items');
    expect(i18n.t('items', { count: 1, lng: 'en' })).toBe('1 item');
    expect(i18n.t('items', { count: 1, lng: 'de' })).toBe('1 Element');
    expect(i18n.t('items', { count: 0, lng: 'de' })).toBe('0 Elemente');
    expect(i18n.t('items', { count: 1, lng: 'it' })).toBe('1 elemento');
    expect(i18n.t('items', { count: 5, lng: 'it' })).toBe('5 elementi');
    // French's form for millions (`many`) is not written: `_other` stands for it.
    expect(i18n.t('items', { count: 1_000_000 })).toBe('1000000 éléments');
  });

  it('falls back to English, then to the key without its namespace', () => {
    const i18n = withResources();
    expect(i18n.t('onlyEnglish')).toBe('Only in English');
    expect(i18n.t('nav.nothing')).toBe('nav.nothing');
    expect(i18n.t('layout:nav.nothing')).toBe('nav.nothing');
    // An empty message is a message; a group of messages is not one.
    expect(i18n.t('empty')).toBe('');
    expect(i18n.t('nav')).toBe('nav');
  });

  it('translates in another language when asked, else in the current one', () => {
    const i18n = withResources();
    expect(i18n.t('hello', { lng: 'en', name: 'Jo' })).toBe('Hello Jo');
    expect(i18n.t('hello', { name: 'Jo' })).toBe('Bonjour Jo');
    expect(i18n.getFixedT('en', 'layout')('title')).toBe('Home');
  });

  it('says the default value of a missing key, with its values', () => {
    const i18n = withResources();
    expect(i18n.t('missing', { defaultValue: 'pdf' })).toBe('pdf');
    expect(i18n.t('missing', { defaultValue: 'Hi {{name}}', name: 'Jo' })).toBe('Hi Jo');
    expect(i18n.t('hello', { defaultValue: 'unused', name: 'Jo' })).toBe('Bonjour Jo');
  });

  it('takes a first part with spaces for a sentence, not a namespace', () => {
    const i18n = withResources();
    expect(i18n.t('Note: this')).toBe('Note: this');
  });
});

describe('missing keys', () => {
  it('are reported under the namespace, in the fallback language, with its plural forms', () => {
    const handler = vi.fn();
    const i18n = withResources({ missingKeyHandler: handler });
    i18n.t('hello', { name: 'x' });
    expect(handler).not.toHaveBeenCalled();
    i18n.t('layout:nowhere');
    i18n.t('gone', { defaultValue: 'x' });
    i18n.t('things', { count: 2, ns: ['common', 'layout'] });
    expect(handler.mock.calls).toEqual([
      [['en'], 'layout', 'nowhere'],
      [['en'], 'common', 'gone'],
      [['en'], 'layout', 'things_one'],
      [['en'], 'layout', 'things_other'],
    ]);
  });

  it('count only once their namespace loaded in the language and the fallback', async () => {
    const { i18n, release } = withLoader();
    expect(i18n.hasLoadedNamespace('common')).toBe(false);
    await release();
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.hasLoadedNamespace('common')).toBe(true);
    expect(i18n.hasLoadedNamespace('layout')).toBe(false);
    const layout = i18n.loadNamespaces('layout');
    expect(i18n.hasLoadedNamespace('layout')).toBe(false);
    await release();
    await layout;
    expect(i18n.hasLoadedNamespace('layout')).toBe(true);
  });
});

describe('exists', () => {
  it('is true of a message or a group, in the language or the fallback', () => {
    const i18n = withResources();
    expect(i18n.exists('nav.profile')).toBe(true);
    expect(i18n.exists('nav')).toBe(true);
    expect(i18n.exists('onlyEnglish')).toBe(true);
    expect(i18n.exists('title', { ns: 'layout', lng: 'de' })).toBe(true);
    expect(i18n.exists('nowhere')).toBe(false);
  });
});

describe('the store', () => {
  it('reads resources and bundles', () => {
    const i18n = withResources();
    expect(i18n.getResource('fr', 'common', 'nav.profile')).toBe('Mon profil');
    expect(i18n.getResource('fr', 'common', 'nav')).toEqual({ profile: 'Mon profil' });
    expect(i18n.getResourceBundle('fr', 'layout')).toEqual({ title: 'Accueil' });
    expect(i18n.hasResourceBundle('fr', 'layout')).toBe(true);
    expect(i18n.hasResourceBundle('de', 'layout')).toBe(false);
  });

  it('adds a bundle deep or shallow, overwriting messages or not, from a copy', () => {
    const i18n = withResources();
    const added = { nav: { profile: 'Mes infos', fresh: 'Neuf' } };
    i18n.addResourceBundle('fr', 'common', added, true, false);
    expect(i18n.t('nav.profile')).toBe('Mon profil');
    expect(i18n.t('nav.fresh')).toBe('Neuf');
    i18n.addResourceBundle('fr', 'common', added, true, true);
    expect(i18n.t('nav.profile')).toBe('Mes infos');
    expect(i18n.t('hello', { name: 'Jo' })).toBe('Bonjour Jo');
    added.nav.profile = 'changed later';
    expect(i18n.t('nav.profile')).toBe('Mes infos');
    i18n.addResourceBundle('fr', 'common', { nav: { other: 'Autre' } });
    expect(i18n.t('nav.profile')).toBe('My profile');
    expect(i18n.t('hello', { name: 'Jo' })).toBe('Bonjour Jo');
    i18n.addResourceBundle('de', 'fresh', { a: 'A' }, true, true);
    expect(i18n.t('fresh:a', { lng: 'de' })).toBe('A');
  });
});

describe('loading', () => {
  it('loads the start namespaces in the language and the fallback, then says the language changed', async () => {
    const changed = vi.fn();
    const { i18n, calls, release } = withLoader();
    i18n.on('languageChanged', changed);
    expect(i18n.language).toBe('fr');
    expect(calls).toEqual(['fr|common', 'en|common']);
    expect(i18n.resolvedLanguage).toBeUndefined();
    await release();
    expect(changed).toHaveBeenCalledWith('fr');
    expect(i18n.resolvedLanguage).toBe('fr');
    expect(i18n.t('hello', { name: 'Jo' })).toBe('Bonjour Jo');
  });

  it('changes language once every namespace asked for is in, the last change winning', async () => {
    const changed = vi.fn();
    const { i18n, calls, release } = withLoader();
    await release();
    const layout = i18n.loadNamespaces('layout');
    await release();
    await layout;
    i18n.on('languageChanged', changed);
    calls.length = 0;
    const toGerman = i18n.changeLanguage('de');
    const toItalian = i18n.changeLanguage('it');
    expect(i18n.language).toBe('fr');
    expect(calls.sort()).toEqual(['de|common', 'de|layout', 'it|common', 'it|layout']);
    await release();
    await Promise.all([toGerman, toItalian]);
    expect(i18n.language).toBe('it');
    expect(i18n.languages).toEqual(['it', 'en']);
    expect(changed.mock.calls).toEqual([['it']]);
  });

  it('loads every language asked for, once, and says when each bundle arrived', async () => {
    const loaded = vi.fn();
    const { i18n, calls, release } = withLoader();
    i18n.on('loaded', loaded);
    await release();
    expect(loaded).toHaveBeenCalledTimes(2);
    calls.length = 0;
    const all = i18n.loadLanguages(['fr', 'en', 'it', 'de']);
    expect(calls.sort()).toEqual(['de|common', 'it|common']);
    await release();
    await all;
    expect(i18n.t('items', { count: 2, lng: 'it' })).toBe('2 elementi');
    await i18n.loadLanguages(['it']);
    expect(calls).toHaveLength(2);
  });

  it('takes a bundle that failed to load for loaded (empty), and does not ask again', async () => {
    const load = vi.fn((lng: string) =>
      lng === 'fr' ? Promise.reject(new Error('offline')) : Promise.resolve({ a: 'A' }),
    );
    const i18n = createI18n({ ...base, lng: 'fr', ns: ['common'], load });
    await i18n.loadNamespaces('common');
    expect(i18n.hasLoadedNamespace('common')).toBe(true);
    expect(i18n.t('a')).toBe('A');
    expect(i18n.resolvedLanguage).toBe('en');
    await i18n.loadNamespaces('common');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stops calling a listener taken off', () => {
    const i18n = withResources();
    const listener = vi.fn();
    i18n.on('a b', listener);
    i18n.emit('a');
    i18n.off('a', listener);
    i18n.emit('a');
    i18n.emit('b', 'x');
    expect(listener.mock.calls).toEqual([[''], ['x']]);
  });
});
