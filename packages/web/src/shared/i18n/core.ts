/*
 * The interface's wording engine, in place of i18next: the app used a small part of it (nested
 * JSON bundles loaded per language and namespace, `{{name}}` values, `_one`/`_other` plurals, a
 * fallback language, a missing-key hook), and the whole of it weighed ~15 KB gzipped in the
 * entry. What is here behaves as i18next did for those calls (its v26 semantics, kept where the
 * app or its tests could tell), and nothing more: no nesting (`$t(…)`), formats, contexts,
 * escaping or returned objects.
 */

/** A namespace's messages: nested groups, read with `.`-separated paths. */
export interface Messages {
  [key: string]: string | Messages;
}

/** `t` options: the few i18next ones the app passes, the rest are `{{values}}`. */
export interface TOptions {
  ns?: string | readonly string[];
  lng?: string;
  count?: number;
  defaultValue?: string;
  [value: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

export interface I18nOptions {
  lng: string;
  fallbackLng: string;
  supportedLngs?: readonly string[];
  /** Namespaces loaded with the language at start. */
  ns?: readonly string[];
  defaultNS?: string;
  /** Bundles given up front (tests); without `load`, every namespace counts as loaded. */
  resources?: Record<string, Record<string, Messages>>;
  /** Fetches one bundle; a bundle that fails to load is not asked for again, as with i18next. */
  load?: (lng: string, ns: string) => Promise<Messages>;
  /** Called for each key `t()` finds in no language (with the plural forms of the fallback one). */
  missingKeyHandler?: (lngs: readonly string[], ns: string, key: string) => void;
}

type Listener = (value: string) => void;

const isObject = (value: unknown): value is Messages => typeof value === 'object' && !!value;

// i18next's guard against taking `Are you sure? Yes: no` for `namespace:key`: a first path part
// with one of these is a sentence, looked up whole.
const SENTENCE = /[ ,?!;]/;
const VALUE = /\{\{(.+?)\}\}/g;

/**
 * The value at a `.`-separated path. Some messages are named with dots (`"content.edit"`, a
 * permission's name): as i18next, a part not found is tried joined with the next ones.
 */
function walk(node: unknown, path: readonly string[]): unknown {
  if (path.length === 0) return node;
  if (!isObject(node)) return undefined;
  for (let end = 1; end <= path.length; end++) {
    const part = path.slice(0, end).join('.');
    const found = Object.hasOwn(node, part) ? walk(node[part], path.slice(end)) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

function deepExtend(target: Messages, source: Messages, overwrite?: boolean): void {
  for (const prop in source) {
    if (prop === '__proto__' || prop === 'constructor') continue;
    const [before, after] = [target[prop], source[prop]];
    if (!Object.hasOwn(target, prop) || before === undefined) target[prop] = after as string;
    else if (typeof before === 'string' || typeof after === 'string') {
      if (overwrite) target[prop] = after as string;
    } else deepExtend(before, after as Messages, overwrite);
  }
}

const rules = new Map<string, Intl.PluralRules>();
const pluralRule = (lng: string) => {
  let rule = rules.get(lng);
  if (!rule) rules.set(lng, (rule = new Intl.PluralRules(lng)));
  return rule;
};

export function createI18n(options: I18nOptions) {
  const { fallbackLng, supportedLngs, load, missingKeyHandler } = options;
  const data: Record<string, Record<string, Messages>> = options.resources ?? {};
  /** Every namespace asked for: a language change loads them all in the new language. */
  const used = new Set(options.ns);
  const preload = new Set<string>();
  /** `lng|ns` bundles whose load ended, loaded or failed. */
  const done = new Set<string>();
  const loading = new Map<string, Promise<void>>();
  const listeners = new Map<string, Set<Listener>>();
  let changingTo: string | undefined;

  /** The language and the fallback, as far as the app has them. */
  const hierarchy = (lng: string) =>
    [...new Set([lng, fallbackLng])].filter((l) => !supportedLngs || supportedLngs.includes(l));

  const emit = (event: string, value = '') =>
    listeners.get(event)?.forEach((listener) => listener(value));

  const getResource = (lng: string, ns: string, key?: string): unknown =>
    walk(data[lng]?.[ns], key ? key.split('.') : []);

  function loadOne(lng: string, ns: string): Promise<void> | undefined {
    const id = `${lng}|${ns}`;
    // A bundle already there (merged site translations) counts as loaded, as in i18next.
    if (data[lng]?.[ns]) done.add(id);
    if (!load || done.has(id)) return;
    let pending = loading.get(id);
    if (!pending) {
      const ended = (bundle?: Messages) => {
        if (bundle) (data[lng] ??= {})[ns] = { ...data[lng][ns], ...bundle };
        done.add(id);
        resolveLanguage();
        emit('loaded');
      };
      pending = load(lng, ns).then(ended, () => ended());
      loading.set(id, pending);
    }
    return pending;
  }

  /** Every namespace asked for, in the language (and fallback) and the languages asked for. */
  const loadResources = (lng: string) =>
    Promise.all(
      [...new Set([...hierarchy(lng), ...preload])].flatMap((l) =>
        [...used].map((ns) => loadOne(l, ns)),
      ),
    ).then(() => undefined);

  function resolve(key: string, o: TOptions): { value: unknown; key: string; ns: string } {
    let namespaces = o.ns ?? i18n.options.defaultNS;
    const at = key.indexOf('.');
    if (key.includes(':') && !SENTENCE.test(at > 0 ? key.slice(0, at) : key)) {
      const parts = key.split(':');
      namespaces = parts.shift() ?? '';
      key = parts.join('.');
    }
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    const plural = typeof o.count === 'number';
    for (const ns of list)
      for (const lng of hierarchy(o.lng || i18n.language)) {
        // As i18next, `_zero` first for 0 in any language; then, unlike it, `_other` when the
        // language's form (French `_many` for millions, say) is not written, before the fallback.
        const forms = plural
          ? [o.count === 0 && '_zero', `_${pluralRule(lng).select(o.count as number)}`, '_other']
          : [];
        for (const form of [...forms, ''].filter((f) => f !== false)) {
          const value = getResource(lng, ns, key + form);
          if (value != null) return { value, key, ns };
        }
      }
    return { value: undefined, key, ns: list[list.length - 1] ?? '' };
  }

  const t: TFunction = (rawKey, o = {}) => {
    const { value, key, ns } = resolve(String(rawKey), o);
    let text = typeof value === 'string' ? value : undefined;
    if (value === undefined) {
      if (o.defaultValue !== undefined) text = o.defaultValue;
      const lngs = hierarchy(fallbackLng);
      // Reported under the fallback language's plural forms, as i18next's saveMissingPlurals did.
      const forms =
        typeof o.count === 'number'
          ? pluralRule(fallbackLng)
              .resolvedOptions()
              .pluralCategories.map((form) => `_${form}`)
          : [''];
      for (const form of forms) missingKeyHandler?.(lngs, ns, key + form);
    }
    return (text ?? key).replace(VALUE, (match, name: string) => {
      const path = name.trim();
      const found = walk(o, path.split('.'));
      if (found === undefined) return Object.hasOwn(o, path) ? '' : match;
      return found === null ? '' : String(found);
    });
  };

  const i18n = {
    options: { defaultNS: options.defaultNS ?? 'translation' },
    language: options.lng,
    languages: hierarchy(options.lng),
    /** The first of `languages` the app has any wording in (undefined until some loaded). */
    resolvedLanguage: undefined as string | undefined,
    isInitialized: false,
    t,
    exists: (key: string, o: TOptions = {}) => resolve(key, o).value !== undefined,
    getFixedT:
      (lng: string, ns: string): TFunction =>
      (key, o = {}) =>
        t(key, { ...o, lng: o.lng || lng, ns: o.ns || ns }),
    getResource,
    getResourceBundle: (lng: string, ns: string) => getResource(lng, ns) as Messages | undefined,
    hasResourceBundle: (lng: string, ns: string) => getResource(lng, ns) !== undefined,
    addResourceBundle(
      lng: string,
      ns: string,
      resources: Messages,
      deep?: boolean,
      overwrite?: boolean,
    ): void {
      used.add(ns);
      const copy = JSON.parse(JSON.stringify(resources)) as Messages;
      const bundle = (data[lng] ??= {})[ns] ?? {};
      if (deep) deepExtend(bundle, copy, overwrite);
      data[lng][ns] = deep ? bundle : { ...bundle, ...copy };
    },

    /** Resolves once the language's wording is in (or failed); `languageChanged` follows. */
    async changeLanguage(lng: string): Promise<void> {
      changingTo = lng;
      await loadResources(lng);
      // A later change won the race: it applies, not this one.
      if (changingTo !== lng) return;
      i18n.language = lng;
      i18n.languages = hierarchy(lng);
      resolveLanguage();
      emit('languageChanged', lng);
    },
    loadNamespaces(ns: string | readonly string[]): Promise<void> {
      for (const n of typeof ns === 'string' ? [ns] : ns) used.add(n);
      return loadResources(i18n.language).then(() => started);
    },
    loadLanguages(lngs: readonly string[]): Promise<void> {
      const fresh = lngs.filter((l) => !preload.has(l) && hierarchy(l).includes(l));
      if (fresh.length === 0) return Promise.resolve();
      for (const l of fresh) preload.add(l);
      return loadResources(i18n.language).then(() => started);
    },
    /** Whether `t` may say the namespace's wording: its load ended in the language and fallback. */
    hasLoadedNamespace(ns: string): boolean {
      const { languages, resolvedLanguage } = i18n;
      const lng = resolvedLanguage ?? languages[0];
      if (!i18n.isInitialized || !lng) return false;
      if (!load || i18n.hasResourceBundle(lng, ns)) return true;
      return done.has(`${lng}|${ns}`) && done.has(`${languages.at(-1) ?? ''}|${ns}`);
    },

    /** `events` may name several, separated by spaces. */
    on(events: string, listener: Listener): void {
      for (const event of events.split(' ')) {
        const set = listeners.get(event) ?? new Set();
        listeners.set(event, set.add(listener));
      }
    },
    off(event: string, listener: Listener): void {
      listeners.get(event)?.delete(listener);
    },
    emit,
  };

  // Worked out when bundles arrive or the language changes, not at each of `t`'s many readers.
  function resolveLanguage(): void {
    i18n.resolvedLanguage = i18n.languages.find((lng) =>
      Object.values(data[lng] ?? {}).some((bundle) => Object.keys(bundle).length > 0),
    );
  }
  const start = () => {
    resolveLanguage();
    i18n.isInitialized = true;
    emit('languageChanged', i18n.language);
  };
  // Without a loader the bundles are all there: ready at once, as i18next's `initAsync: false`.
  const started = load ? loadResources(options.lng).then(start) : Promise.resolve(start());

  return i18n;
}

export type I18n = ReturnType<typeof createI18n>;
