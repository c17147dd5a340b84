import type { Writable } from 'node:stream';
import { entriesOf, nameIn, type ExportEntry, type ExportItem } from './collect.js';
import { write } from './sink.js';

/** RFC 4180: a field with a quote, comma or line break is quoted, its quotes doubled. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: (string | number | null)[]) =>
  `${fields.map(csvField).join(',')}\r\n`;

export const CSV_COLUMNS = [
  'id',
  'original_id',
  'type',
  'language',
  'title',
  'date',
  'status',
  'from',
  'to',
  'tags',
  'categories',
  'files',
  'text',
  'created_at',
  'updated_at',
  'place',
  'latitude',
  'longitude',
  'country',
] as const;

function row(entry: ExportEntry, originalId: number): (string | number | null)[] {
  const people = (role: string) =>
    entry.people
      .filter((p) => p.role === role)
      .map((p) => p.name)
      .join('; ');
  return [
    entry.id,
    originalId,
    entry.type,
    entry.language,
    entry.title,
    entry.date,
    entry.status,
    people('from'),
    people('to'),
    entry.tags.map((t) => nameIn(t.name, entry.language)).join('; '),
    entry.categories.map((c) => nameIn(c.name, entry.language)).join('; '),
    entry.files.map((f) => f.name).join('; '),
    entry.text,
    entry.created_at,
    entry.updated_at,
    entry.place?.name ?? null,
    entry.place?.latitude ?? null,
    entry.place?.longitude ?? null,
    entry.place?.country ?? null,
  ];
}

/**
 * The CSV export: one row per item and language (the original, then each translation), UTF-8
 * with a byte order mark so spreadsheet programs read accents and other scripts right, CRLF
 * lines, RFC 4180 quoting. Lists inside a field are joined with `; `.
 */
export async function writeCsv(
  out: Writable,
  items: AsyncIterable<ExportItem>,
  onItem: () => Promise<void>,
): Promise<void> {
  await write(out, `\uFEFF${csvLine([...CSV_COLUMNS])}`);
  for await (const item of items) {
    for (const entry of entriesOf(item)) await write(out, csvLine(row(entry, item.id)));
    await onItem();
  }
}
