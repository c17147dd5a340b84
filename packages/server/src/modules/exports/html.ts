import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import type { UiLanguage } from '@kinfolio/contract';
import type { MessageKey } from '../../i18n/messages.js';
import { translate } from '../../i18n/translate.js';
import { withTempDir, type TempDir } from '../../storage/index.js';
import type { FileStorage } from '../../storage/storage.js';
import {
  entriesOf,
  nameIn,
  type ExportEntry,
  type ExportFile,
  type ExportItem,
  type ExportPlace,
} from './collect.js';
import { countryName } from '../places/index.js';
import { safeName, zipWriter } from './zip.js';

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Where the index's rows go in its page. */
const ROWS_MARK = '\u0000rows\u0000';

/** A relative link target: every path segment percent-encoded. */
const href = (target: string) => target.split('/').map(encodeURIComponent).join('/');

/** Inline style only: the export opens from a folder, without network or scripts. */
const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",sans-serif;
max-width:60rem;margin:0 auto;padding:1rem;line-height:1.5;color:#1a1a1a;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e8e8e8;background:#1a1b1e}a{color:#8ab4f8}}
h1{font-size:1.6rem}h2{font-size:1.3rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}th,td{text-align:start;padding:.35rem .5rem;border-bottom:1px solid #8884}
.text{white-space:pre-wrap}.meta{color:#666}dt{font-weight:600}dd{margin:0 0 .5rem}
img,video{max-width:100%;height:auto}article{border-top:1px solid #8886;margin-top:1.5rem;padding-top:1rem}
`;

const page = (language: string, title: string, body: string) => `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;

/** Where a file sits in the zip. */
export const filePath = (file: ExportFile) => `files/${file.id}-${safeName(file.name, 'file')}`;

export interface HtmlOptions {
  language: UiLanguage;
  /** The scope's name, for the titles. */
  scope: string;
  exportedAt: Date;
  storage: FileStorage;
}

/**
 * The readable export, zipped: `index.html` lists the items, `items/<id>.html` shows one with its
 * translations, people, tags, categories and files, and `files/` holds the files, linked
 * relatively. Every text is escaped (the content is shown as plain text); nothing is fetched
 * from elsewhere and nothing runs.
 */
export async function writeHtmlZip(
  out: Writable,
  items: AsyncIterable<ExportItem>,
  options: HtmlOptions,
  onItem: () => Promise<void>,
): Promise<void> {
  // The index's rows wait in a scratch file, not in memory, until the count is known.
  await withTempDir('export', (scratch) => writeSite(out, items, options, onItem, scratch));
}

async function writeSite(
  out: Writable,
  items: AsyncIterable<ExportItem>,
  options: HtmlOptions,
  onItem: () => Promise<void>,
  scratch: TempDir,
): Promise<void> {
  const t = (key: MessageKey, params?: Record<string, string | number>) =>
    translate(options.language, key, params);
  const zip = zipWriter(out);
  const rowsFile = 'index-rows.html';
  const rows = scratch.writer(rowsFile);
  let count = 0;
  try {
    for await (const item of items) {
      const sections = entriesOf(item)
        .map((entry) => entrySection(entry, t, options.language))
        .join('\n');
      const title = item.title || `#${item.id}`;
      await zip.addBuffer(
        `items/${item.id}.html`,
        page(
          item.language,
          title,
          `<p><a href="../index.html">${escapeHtml(t('exports.html.back'))}</a></p>\n${sections}`,
        ),
      );
      for (const entry of entriesOf(item)) {
        for (const file of entry.files) {
          await zip.addStream(
            filePath(file),
            () => options.storage.get(file.storage_key),
            !/^(image|audio|video)\//.test(file.mime),
          );
        }
      }
      const languages = entriesOf(item)
        .map((e) => e.language)
        .join(', ');
      const row =
        `<tr><td dir="auto"><a href="${href(`items/${item.id}.html`)}">${escapeHtml(title)}</a></td>` +
        `<td>${escapeHtml(item.date ?? '')}</td><td>${escapeHtml(item.type)}</td>` +
        `<td>${escapeHtml(languages)}</td></tr>\n`;
      if (!rows.write(row)) await once(rows, 'drain');
      count += 1;
      await onItem();
    }
    await new Promise<void>((resolve, reject) =>
      rows.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    const heading = t('exports.html.title', { scope: options.scope });
    const summary = t('exports.html.count', {
      count,
      date: options.exportedAt.toISOString().slice(0, 10),
    });
    const table = count
      ? `<table><thead><tr><th></th><th>${escapeHtml(t('exports.html.date'))}</th>` +
        `<th>${escapeHtml(t('exports.html.type'))}</th>` +
        `<th>${escapeHtml(t('exports.html.language'))}</th></tr></thead>\n<tbody>\n${ROWS_MARK}</tbody></table>`
      : `<p>${escapeHtml(t('exports.html.empty'))}</p>`;
    const index = page(
      options.language,
      heading,
      `<h1>${escapeHtml(heading)}</h1>\n<p class="meta">${escapeHtml(summary)}</p>\n${table}`,
    );
    // The last mark is the table's: the heading before it may hold any text.
    const at = index.lastIndexOf(ROWS_MARK);
    const head = at < 0 ? index : index.slice(0, at);
    const tail = at < 0 ? '' : index.slice(at + ROWS_MARK.length);
    await zip.addStream('index.html', () =>
      Readable.from(
        (async function* () {
          yield Buffer.from(head);
          if (count) yield* scratch.read(rowsFile);
          yield Buffer.from(tail);
        })(),
      ),
    );
    await zip.end();
  } finally {
    rows.destroy();
  }
}

/** A place as a reader reads it: its name, its country, its position. */
function placeText(place: ExportPlace | null, language: UiLanguage): string {
  if (!place) return '';
  const position =
    place.latitude === null || place.longitude === null
      ? ''
      : `${place.latitude.toFixed(5)}, ${place.longitude.toFixed(5)}`;
  const country = place.country ? countryName(place.country, language) : '';
  return [place.name, country, position].filter(Boolean).join(' · ');
}

function entrySection(
  entry: ExportEntry,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
  language: UiLanguage,
): string {
  const list = (values: string[]) => values.map(escapeHtml).join(', ');
  const people = (role: string) => entry.people.filter((p) => p.role === role).map((p) => p.name);
  const facts: [MessageKey, string][] = [
    ['exports.html.date', escapeHtml(entry.date ?? '')],
    ['exports.html.type', escapeHtml(entry.type)],
    ['exports.html.language', escapeHtml(entry.language)],
    ['exports.html.from', list(people('from'))],
    ['exports.html.to', list(people('to'))],
    ['exports.html.tags', list(entry.tags.map((x) => nameIn(x.name, entry.language)))],
    ['exports.html.categories', list(entry.categories.map((x) => nameIn(x.name, entry.language)))],
    ['exports.html.place', escapeHtml(placeText(entry.place, language))],
  ];
  const dl = facts
    .filter(([, value]) => value)
    .map(([key, value]) => `<dt>${escapeHtml(t(key))}</dt><dd dir="auto">${value}</dd>`)
    .join('');
  const files = entry.files.length
    ? `<h3>${escapeHtml(t('exports.html.files'))}</h3><ul>${entry.files.map(fileLink).join('')}</ul>`
    : '';
  return `<article lang="${escapeHtml(entry.language)}" dir="auto">
<h1 dir="auto">${escapeHtml(entry.title || `#${entry.id}`)}</h1>
<dl>${dl}</dl>
<div class="text" dir="auto">${escapeHtml(entry.text)}</div>
${files}
</article>`;
}

function fileLink(file: ExportFile): string {
  const target = href(`../${filePath(file)}`);
  const name = escapeHtml(file.name);
  const preview = file.mime.startsWith('image/')
    ? `<br><img src="${target}" alt="${name}" loading="lazy">`
    : file.mime.startsWith('audio/')
      ? `<br><audio controls preload="none" src="${target}"></audio>`
      : file.mime.startsWith('video/')
        ? `<br><video controls preload="none" src="${target}"></video>`
        : '';
  return `<li><a href="${target}">${name}</a>${preview}</li>`;
}
