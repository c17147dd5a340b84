import { Transform, type Writable } from 'node:stream';
import type { ExportFormat, ExportInfo, UiLanguage } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { nameOf } from '../../i18n/translated-name.js';
import { exportItems, nameIn, selectedIds, type ExportSelection } from './collect.js';
import { writeCsv } from './csv.js';
import { writeEmlZip } from './eml.js';
import { writeHtmlZip } from './html.js';
import { writeJson } from './json.js';
import { finish } from './sink.js';
import { exportsDb, type ExportRow } from './table.js';
import { withoutControls } from './zip.js';

export const EXPORT_JOB = 'exports.write';

export interface ExportPayload {
  exportId: number;
  /** The asker's interface language: the HTML export's wording. */
  language: UiLanguage;
}

const EXTENSIONS: Record<ExportFormat, string> = {
  json: 'json',
  csv: 'csv',
  html: 'zip',
  eml: 'zip',
};

export const MIME_TYPES: Record<ExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  html: 'application/zip',
  eml: 'application/zip',
};

/** An export's key in the exports storage: named by id, never by anything a person typed. */
export const exportKey = (row: Pick<ExportRow, 'id' | 'format'>) =>
  `export-${row.id}.${EXTENSIONS[row.format]}`;

/** A pass-through that counts the bytes going through it. */
function counting() {
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, size: () => size };
}

/** The category's name in `language` (undefined when it no longer exists). */
async function categoryName(ctx: AppContext, id: number, language: string) {
  const row = await ctx.db
    .selectFrom('categories')
    .select(['name_fr', 'name_en', 'name_it', 'name_de'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? nameIn(nameOf(row), language) : undefined;
}

/** The scope's label: the item type's name, or the category's in `language`. */
export async function scopeLabel(
  ctx: AppContext,
  row: Pick<ExportRow, 'kind' | 'scope'>,
  language: string,
): Promise<string | null> {
  if (row.kind === 'type') return null;
  return (await categoryName(ctx, Number(row.scope), language)) ?? null;
}

/** The download's name: `kinfolio-<scope>-<date>.<ext>`, the category's own name kept. */
function downloadName(scope: string, format: ExportFormat, at: Date): string {
  const clean = withoutControls(scope, ' ')
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\s+/g, '-')
    .slice(0, 80);
  const stamp = at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const kind = format === 'eml' ? 'mails-eml' : format === 'html' ? 'html' : format;
  return `kinfolio-${clean || 'export'}-${kind}-${stamp}.${EXTENSIONS[format]}`;
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 500);

/** The export's bytes in its format, written to `out` (which they end). */
async function writeExport(
  ctx: AppContext,
  row: ExportRow,
  what: { language: UiLanguage; label: string; ids: number[]; now: Date },
  out: Writable,
  onItem: () => Promise<void>,
) {
  const { language, label, ids, now } = what;
  const items = exportItems(ctx.db, ids);
  switch (row.format) {
    case 'json':
      await writeJson(
        out,
        {
          exported_at: now.toISOString(),
          scope:
            row.kind === 'type'
              ? { type: row.scope }
              : { category: { id: Number(row.scope), name: label } },
        },
        items,
        onItem,
        ctx.db,
      );
      await finish(out);
      break;
    case 'csv':
      await writeCsv(out, items, onItem);
      await finish(out);
      break;
    case 'html':
      await writeHtmlZip(
        out,
        items,
        { language, scope: label, exportedAt: now, storage: ctx.storage.files, records: ctx.db },
        onItem,
      );
      break;
    case 'eml':
      await writeEmlZip(out, items, ctx.storage.files, onItem);
      break;
  }
}

/**
 * Writes the export: its bytes are streamed into the exports storage (where nothing shows until
 * they are complete); its row follows (running → done with name and size, or failed with the
 * reason).
 */
export async function runExport(
  ctx: AppContext,
  payload: ExportPayload,
  reportProgress: (percent: number) => Promise<void>,
): Promise<void> {
  const db = exportsDb(ctx.db);
  const row = await db
    .selectFrom('exports')
    .selectAll()
    .where('id', '=', payload.exportId)
    .executeTakeFirst();
  // Deleted while queued, or done already.
  if (!row || row.status === 'done') return;
  const now = ctx.now();
  await db
    .updateTable('exports')
    .set({ status: 'running', progress: 0 })
    .where('id', '=', row.id)
    .execute();
  const storage = ctx.storage.exports;
  const key = exportKey(row);
  try {
    const mailsOnly = row.format === 'eml';
    const selection: ExportSelection =
      row.kind === 'type'
        ? { scope: 'type', type: row.scope, mailsOnly }
        : { scope: 'category', categoryId: Number(row.scope), mailsOnly };
    const label =
      row.kind === 'type'
        ? row.scope
        : ((await categoryName(ctx, Number(row.scope), payload.language)) ??
          `category-${row.scope}`);
    const ids = await selectedIds(ctx.db, selection);
    let done = 0;
    let reported = -1;
    const onItem = async () => {
      done += 1;
      const percent = Math.floor((done / Math.max(1, ids.length)) * 99);
      if (percent === reported) return;
      reported = percent;
      await db.updateTable('exports').set({ progress: percent }).where('id', '=', row.id).execute();
      await reportProgress(percent).catch(() => undefined);
    };
    const out = counting();
    const stored = storage.put(key, out.stream, { contentType: MIME_TYPES[row.format] });
    try {
      // Either may fail first: the writer, or the storage (a full disk, a refused upload).
      await Promise.all([
        writeExport(ctx, row, { language: payload.language, label, ids, now }, out.stream, onItem),
        stored,
      ]);
    } catch (error) {
      // The storage sees its stream fail, so it keeps nothing of it.
      out.stream.destroy(error instanceof Error ? error : new Error(String(error)));
      await stored.catch(() => undefined);
      throw error;
    }
    const still = await db
      .updateTable('exports')
      .set({
        status: 'done',
        progress: 100,
        size: out.size(),
        file_name: downloadName(label, row.format, now),
        finished_at: ctx.now().toISOString(),
        error: null,
      })
      .where('id', '=', row.id)
      .executeTakeFirst();
    // Deleted while it was written: nobody will ask for it.
    if (Number(still.numUpdatedRows) === 0) await storage.delete(key);
  } catch (error) {
    await db
      .updateTable('exports')
      .set({ status: 'failed', error: firstLine(error), finished_at: ctx.now().toISOString() })
      .where('id', '=', row.id)
      .execute();
    throw error;
  }
}

/** The row as the API shows it; a row left running by a worker that died reads as failed. */
export async function presentExport(
  ctx: AppContext,
  row: ExportRow,
  language: string,
): Promise<ExportInfo> {
  let { status, error } = row;
  if ((status === 'queued' || status === 'running') && row.job_id) {
    const job = await ctx.jobs.status(row.job_id);
    if (job?.state === 'failed' || job?.state === 'done') {
      status = 'failed';
      error ??= job.error?.split('\n')[0] ?? null;
    }
  }
  return {
    id: row.id,
    scope: row.kind,
    scope_value: row.scope,
    scope_label: await scopeLabel(ctx, row, language),
    format: row.format,
    status,
    progress: status === 'done' ? 100 : Math.max(0, Math.min(100, Math.round(row.progress))),
    file_name: row.file_name,
    size: Number(row.size),
    created_at: row.created_at,
    finished_at: row.finished_at,
    created_by: row.created_by_name,
    error,
    url: status === 'done' ? `/api/exports/${row.id}/download` : null,
  };
}
