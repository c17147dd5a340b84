import { UI_LANGUAGES, type SiteTranslation } from '@kinfolio/contract';
import type { I18n, Messages } from './core';
import { SITE_TRANSLATIONS_MERGED } from './events';

/** `namespace:path.to.key` → its namespace and path; no namespace means the default one. */
export function splitKey(key: string, defaultNs: string): { ns: string; path: string } {
  const at = key.indexOf(':');
  if (at <= 0) return { ns: defaultNs, path: key };
  return { ns: key.slice(0, at), path: key.slice(at + 1) };
}

function setPath(target: Messages, path: string[], value: string): void {
  let node = target;
  path.slice(0, -1).forEach((part) => {
    const next = node[part];
    if (typeof next === 'object') node = next;
    else node = node[part] = {};
  });
  node[path[path.length - 1] ?? ''] = value;
}

function deletePath(bundle: Messages | undefined, path: string[]): void {
  let node: unknown = bundle;
  for (const part of path.slice(0, -1)) {
    if (!node || typeof node !== 'object') return;
    node = (node as Record<string, unknown>)[part];
  }
  if (node && typeof node === 'object') delete (node as Record<string, unknown>)[path.at(-1) ?? ''];
}

interface Override {
  lng: string;
  ns: string;
  path: string;
  value: string;
}

/**
 * Returns `apply(rows)`: puts every non-empty site-translation value over the bundled messages
 * (deep merge, then one SITE_TRANSLATIONS_MERGED event so components re-render), and gives
 * back the bundled wording of values that were overridden before but are empty or gone now.
 */
export function createTranslationMerger(
  i18n: I18n,
  /**
   * Whether a language's namespace is there to merge into. A bundle that loads on demand must
   * not be created by a merge (the store would take it as loaded and never fetch the shipped one):
   * its overrides wait until it loads, and `apply` runs again then.
   */
  isReady: (lng: string, ns: string) => boolean = () => true,
) {
  const defaultNs = () => i18n.options.defaultNS;
  /** What the bundle said before the first override, per `lng|ns|path`. */
  const originals = new Map<string, unknown>();
  let applied = new Map<string, Override>();

  return function apply(rows: readonly SiteTranslation[]): void {
    const next = new Map<string, Override>();
    for (const row of rows) {
      const { ns, path } = splitKey(row.key, defaultNs());
      if (!path) continue;
      for (const lng of UI_LANGUAGES) {
        const value = row.text[lng];
        if (!value || !value.trim() || !isReady(lng, ns)) continue;
        const bundled = i18n.getResource(lng, ns, path) as unknown;
        // A key naming a group of messages is not a message: leave the group alone.
        if (
          bundled !== undefined &&
          typeof bundled !== 'string' &&
          !originals.has(`${lng}|${ns}|${path}`)
        )
          continue;
        next.set(`${lng}|${ns}|${path}`, { lng, ns, path, value });
      }
    }

    const touched = new Map<string, Messages>();
    const bundleOf = (lng: string, ns: string) => {
      const id = `${lng}|${ns}`;
      const bundle = touched.get(id) ?? {};
      touched.set(id, bundle);
      return bundle;
    };
    for (const [id, { lng, ns, path }] of applied) {
      if (next.has(id)) continue;
      const original = originals.get(id);
      if (typeof original === 'string') setPath(bundleOf(lng, ns), path.split('.'), original);
      else {
        deletePath(i18n.getResourceBundle(lng, ns), path.split('.'));
        bundleOf(lng, ns);
      }
    }
    for (const [id, { lng, ns, path, value }] of next) {
      if (!originals.has(id)) originals.set(id, i18n.getResource(lng, ns, path));
      if (applied.get(id)?.value === value) continue;
      setPath(bundleOf(lng, ns), path.split('.'), value);
    }
    for (const [id, bundle] of touched) {
      const [lng = '', ns = ''] = id.split('|');
      i18n.addResourceBundle(lng, ns, bundle, true, true);
    }
    applied = next;
    if (touched.size > 0) i18n.emit(SITE_TRANSLATIONS_MERGED);
  };
}
