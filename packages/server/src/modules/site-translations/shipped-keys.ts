import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { translationKeysOf } from '@kinfolio/contract';

/**
 * The web app's message files, `<language>/<namespace>.json`: the very files the web build
 * bundles, read where they are rather than copied into a list that could fall behind. Found
 * through the workspace package so the path holds from the sources and from the server build.
 */
export function webLocalesDir(): string {
  const webPackage = createRequire(import.meta.url).resolve('@kinfolio/web/package.json');
  return path.join(path.dirname(webPackage), 'src', 'locales');
}

/**
 * Every key the app ships a message for, in any language. Read once at start; a missing or empty
 * folder stops the server then, rather than refusing every report later.
 */
export function readShippedKeys(dir: string = webLocalesDir()): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const language of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!language.isDirectory()) continue;
    const bundles: Record<string, unknown> = {};
    for (const file of fs.readdirSync(path.join(dir, language.name))) {
      if (!file.endsWith('.json')) continue;
      const text = fs.readFileSync(path.join(dir, language.name, file), 'utf8');
      bundles[file.slice(0, -'.json'.length)] = JSON.parse(text);
    }
    for (const key of translationKeysOf(bundles)) keys.add(key);
  }
  if (keys.size === 0) throw new Error(`No interface messages under ${dir}`);
  return keys;
}
