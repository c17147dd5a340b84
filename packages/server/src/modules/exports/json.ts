import type { Writable } from 'node:stream';
import type { ExportEntry, ExportItem } from './collect.js';
import { write } from './sink.js';

/** An entry as the JSON export shows it: its files by name, without the storage key. */
const entryJson = (entry: ExportEntry) => ({
  ...entry,
  files: entry.files.map(({ storage_key: _key, ...file }) => file),
});

/**
 * The JSON export: `{format, version, exported_at, scope, items: [...]}`, every item with its own
 * fields, people (with their role), tags and categories (named in the four languages), files and
 * translations. Written an item at a time.
 */
export async function writeJson(
  out: Writable,
  header: Record<string, unknown>,
  items: AsyncIterable<ExportItem>,
  onItem: () => Promise<void>,
): Promise<void> {
  const head = JSON.stringify({ format: 'kinfolio-export', version: 1, ...header });
  await write(out, `${head.slice(0, -1)},"items":[\n`);
  let first = true;
  for await (const item of items) {
    const json = JSON.stringify({
      ...entryJson(item),
      translations: item.translations.map(entryJson),
    });
    await write(out, `${first ? '' : ',\n'}${json}`);
    first = false;
    await onItem();
  }
  await write(out, '\n]}\n');
}
