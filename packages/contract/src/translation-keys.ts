/**
 * The i18next keys (`namespace:path.to.key`) a set of message bundles defines: one per string
 * leaf, plural forms (`items_one`) included as they are named in the files. The web app's
 * translations editor and the server's check of missing-key reports both list the shipped keys
 * with this, so the two cannot disagree on a key's spelling.
 */
export function translationKeysOf(bundles: Readonly<Record<string, unknown>>): Set<string> {
  const keys = new Set<string>();
  const walk = (prefix: string, node: unknown): void => {
    if (typeof node === 'string') keys.add(prefix);
    else if (node && typeof node === 'object')
      for (const [part, child] of Object.entries(node))
        walk(prefix.endsWith(':') ? `${prefix}${part}` : `${prefix}.${part}`, child);
  };
  for (const [namespace, bundle] of Object.entries(bundles)) walk(`${namespace}:`, bundle);
  return keys;
}
