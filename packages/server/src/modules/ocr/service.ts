import {
  FILE_TEXT_LIMITS,
  type FileText,
  type FileTextPage,
  type FileTextReason,
} from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { stampedTransaction } from '../../db/stamps.js';
import { notFound } from '../../http/errors.js';
import { tidy } from './engine.js';
import { isReadable } from './read.js';
import { ocrDb, ocrTrx, type FileTextRow } from './repository.js';
import { ocrEnabled } from './settings.js';

/** A live picture or PDF of an item (any other file has no text: a 404). */
async function scanFile(ctx: AppContext, fileId: number) {
  const file = await ocrDb(ctx.db)
    .selectFrom('files')
    .select(['id', 'mime'])
    .where('id', '=', fileId)
    .where('item_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!file || !isReadable(file.mime)) throw notFound();
  return file;
}

function present(
  fileId: number,
  row: FileTextRow | undefined,
  enabled: boolean,
  revisions: number,
): FileText {
  if (!row) {
    return {
      file_id: fileId,
      status: enabled ? 'pending' : 'off',
      text: '',
      language: null,
      confidence: null,
      pages: [],
      skipped: false,
      reason: null,
      edited: false,
      edited_at: null,
      read_at: null,
      revisions_count: revisions,
    };
  }
  const edited = Boolean(row.edited);
  return {
    file_id: fileId,
    status: row.status,
    text: row.text,
    language: row.language,
    confidence: edited || row.confidence === null ? null : Number(row.confidence),
    pages: JSON.parse(row.pages) as FileTextPage[],
    skipped: row.status === 'done' && row.reason !== null && !edited,
    reason: edited ? null : (row.reason as FileTextReason | null),
    edited,
    edited_at: row.edited_at,
    read_at: row.read_at,
    revisions_count: revisions,
  };
}

async function revisionCount(ctx: AppContext, fileId: number) {
  const row = await ocrDb(ctx.db)
    .selectFrom('file_text_revisions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('file_id', '=', fileId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `GET /api/files/{id}/text`. */
export async function fileText(ctx: AppContext, fileId: number): Promise<FileText> {
  await scanFile(ctx, fileId);
  const row = await ocrDb(ctx.db)
    .selectFrom('file_texts')
    .selectAll()
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return present(fileId, row, await ocrEnabled(ctx), await revisionCount(ctx, fileId));
}

/**
 * `PATCH /api/files/{id}/text`: a person's correction (or a text typed by hand for a scan never
 * read). The text it replaces is kept as a revision; the same text again changes nothing.
 */
export async function correctFileText(
  ctx: AppContext,
  fileId: number,
  text: string,
  user: { id: number; name: string },
): Promise<FileText> {
  await scanFile(ctx, fileId);
  const corrected = tidy(text);
  const now = ctx.now().toISOString();
  await stampedTransaction(ctx.db, 'archive', async (t) => {
    const trx = ocrTrx(t);
    const before = await trx
      .selectFrom('file_texts')
      .select(['text', 'status'])
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    if (before && before.text === corrected && before.status === 'done') return;
    if (before) {
      await trx
        .insertInto('file_text_revisions')
        .values({
          file_id: fileId,
          text: before.text,
          user_id: user.id,
          user_name: user.name,
          created_at: now,
        })
        .execute();
    }
    const values = {
      status: 'done' as const,
      text: corrected,
      edited: 1,
      edited_by: user.id,
      edited_at: now,
    };
    if (before) {
      await trx.updateTable('file_texts').set(values).where('file_id', '=', fileId).execute();
    } else {
      await trx
        .insertInto('file_texts')
        .values({
          file_id: fileId,
          ...values,
          reason: null,
          language: null,
          confidence: null,
          pages: '[]',
          engine_version: 'manual',
          read_at: now,
        })
        .execute();
    }
  });
  return fileText(ctx, fileId);
}

/** `GET /api/files/{id}/text/revisions`: the texts corrections replaced, newest first. */
export async function fileTextRevisions(ctx: AppContext, fileId: number) {
  await scanFile(ctx, fileId);
  const rows = await ocrDb(ctx.db)
    .selectFrom('file_text_revisions')
    .select(['id', 'text', 'user_name', 'created_at'])
    .where('file_id', '=', fileId)
    .orderBy('id', 'desc')
    .limit(FILE_TEXT_LIMITS.revisionsMax)
    .execute();
  return { data: rows };
}

export { scanFile };
