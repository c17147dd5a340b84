import type { RecordSegment } from '@kinfolio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { FileStorage } from '../../storage/storage.js';
import { exportableRecords, type ExportableRecord } from '../records/index.js';
import type { ExportFile } from './collect.js';
import type { zipWriter } from './zip.js';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;
type Zip = ReturnType<typeof zipWriter>;

/** What the records' pages are made with: the HTML export's own helpers (html.ts). */
export interface RecordPageKit {
  escape: (value: string) => string;
  page: (language: string, title: string, body: string) => string;
  href: (target: string) => string;
  filePath: (file: ExportFile) => string;
  fileLink: (file: ExportFile) => string;
}

const titleOf = (record: ExportableRecord['record']) =>
  record.title || [record.number, record.face].filter(Boolean).join(' ') || `#${record.id}`;

/** `hh:mm:ss` of a segment's start (the transcript's time codes). */
const at = (segment: RecordSegment) => segment.time_code;

/**
 * The archive's recordings in the readable export: `records/<id>.html` each, with its details,
 * its audio parts (in `files/`), its index of segments (title, synopsis, keywords, people heard,
 * transcript) and its whole transcript; answers the index page's section listing them, or '' when
 * there are none.
 */
export async function writeRecordPages(
  db: Kysely<Database>,
  storage: FileStorage,
  zip: Zip,
  kit: RecordPageKit,
  t: Translate,
): Promise<string> {
  const { escape } = kit;
  const rows: string[] = [];
  for await (const { record, people, files: parts, segments } of exportableRecords(db)) {
    const id = record.id;
    // Audio parts, never scans: no text read from them.
    const files = parts.map(({ id, name, mime, size, sha256, storage_key }): ExportFile => ({
      id,
      name,
      mime,
      size,
      sha256,
      storage_key,
      text: '',
    }));
    for (const file of files) {
      await zip.addStream(kit.filePath(file), () => storage.get(file.storage_key), false);
    }
    const title = titleOf(record);
    const facts: [MessageKey, string][] = [
      ['exports.html.date', (record.registration_date ?? '').slice(0, 10)],
      ['exports.html.language', record.lang],
      ['exports.html.people', people.map((p) => p.name).join(', ')],
    ];
    const dl = facts
      .filter(([, value]) => value)
      .map(([key, value]) => `<dt>${escape(t(key))}</dt><dd dir="auto">${escape(value)}</dd>`)
      .join('');
    const prose = (key: MessageKey, text: string) =>
      text.trim()
        ? `<h2>${escape(t(key))}</h2>\n<div class="text" dir="auto">${escape(text)}</div>`
        : '';
    const audio = files.length
      ? `<h2>${escape(t('exports.html.audio'))}</h2><ul>${files.map(kit.fileLink).join('')}</ul>`
      : '';
    const index = segments.length
      ? `<h2>${escape(t('exports.html.segments'))}</h2>\n<ol class="segments">${segments
          .map((segment) => segmentItem(segment, kit, t))
          .join('\n')}</ol>`
      : '';
    const body =
      `<p><a href="../index.html">${escape(t('exports.html.back'))}</a></p>\n` +
      `<article lang="${escape(record.lang)}" dir="auto">\n<h1 dir="auto">${escape(title)}</h1>\n` +
      `<dl>${dl}</dl>\n${prose('exports.html.summary', record.summary)}\n${audio}\n${index}\n` +
      `${prose('exports.html.transcript', record.rawtranscription)}\n</article>`;
    await zip.addBuffer(`records/${id}.html`, kit.page(record.lang, title, body));
    rows.push(
      `<tr><td dir="auto"><a href="${kit.href(`records/${id}.html`)}">${escape(title)}</a></td>` +
        `<td>${escape((record.registration_date ?? '').slice(0, 10))}</td>` +
        `<td>${escape(record.lang)}</td><td>${segments.length}</td></tr>`,
    );
  }
  if (rows.length === 0) return '';
  return (
    `<h2>${escape(t('exports.html.records'))}</h2>\n` +
    `<p class="meta">${escape(t('exports.html.record_count', { count: rows.length }))}</p>\n` +
    `<table><thead><tr><th></th><th>${escape(t('exports.html.date'))}</th>` +
    `<th>${escape(t('exports.html.language'))}</th><th>${escape(t('exports.html.segments'))}</th>` +
    `</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody></table>`
  );
}

function segmentItem(segment: RecordSegment, kit: RecordPageKit, t: Translate): string {
  const { escape } = kit;
  const parts = [
    `<h3 dir="auto"><span class="meta">${escape(at(segment))}</span> ${escape(segment.title)}</h3>`,
  ];
  if (segment.synopsis) parts.push(`<p class="text" dir="auto">${escape(segment.synopsis)}</p>`);
  const facts: [MessageKey, string][] = [
    ['exports.html.keywords', segment.keywords.join(', ')],
    ['exports.html.people', segment.participants.map((p) => p.name).join(', ')],
  ];
  const dl = facts
    .filter(([, value]) => value)
    .map(([key, value]) => `<dt>${escape(t(key))}</dt><dd dir="auto">${escape(value)}</dd>`)
    .join('');
  if (dl) parts.push(`<dl>${dl}</dl>`);
  if (segment.transcript) {
    parts.push(`<div class="text" dir="auto">${escape(segment.transcript)}</div>`);
  }
  return `<li id="segment-${segment.id}">${parts.join('\n')}</li>`;
}
