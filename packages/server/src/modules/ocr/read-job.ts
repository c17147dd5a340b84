import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { stampedTransaction } from '../../db/stamps.js';
import type { JobContext } from '../../jobs/index.js';
import { isMissingBytes } from '../../storage/index.js';
import { readFileBytes } from '../files/index.js';
import { modelsFor } from './languages.js';
import { isPdf, isReadable, readPdf, readPicture, type Reading } from './read.js';
import { ocrDb, ocrTrx } from './repository.js';
import { ocrEnabled } from './settings.js';
import { ENGINE_VERSION } from './traineddata.js';

export const READ_JOB = 'ocr.read';
export const BACKFILL_JOB = 'ocr.backfill';
export const BACKFILL_JOB_KEY = 'ocr_backfill_job';

export interface ReadPayload {
  fileId: number;
  /** Read again even if read before (an editor's request), with these languages if given. */
  again?: boolean;
  languages?: string[];
}

export type ReadOutcome = 'stored' | 'already' | 'off' | 'not-readable' | 'file-gone';

/**
 * Reads the text of one live picture or PDF of an item and stores it, once: a file with its
 * `file_texts` row is not read again unless asked (`again`), and the row is written in one
 * transaction after the reading, so a worker killed at any point leaves it owed or read.
 */
export async function readFile(
  ctx: AppContext,
  payload: ReadPayload,
  log?: FastifyBaseLogger,
): Promise<ReadOutcome> {
  if (!(await ocrEnabled(ctx))) return 'off';
  const db = ocrDb(ctx.db);
  const file = await db
    .selectFrom('files as f')
    .innerJoin('items as i', 'i.id', 'f.item_id')
    .leftJoin('file_texts as t', 't.file_id', 'f.id')
    .select([
      'f.id',
      'f.mime',
      'f.storage_key',
      'i.language',
      'i.original_language',
      't.file_id as read',
    ])
    .where('f.id', '=', payload.fileId)
    .where('f.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!file) return 'file-gone';
  if (!isReadable(file.mime)) return 'not-readable';
  if (file.read !== null && !payload.again) return 'already';
  let bytes: Buffer;
  try {
    bytes = await readFileBytes(ctx, file.storage_key);
  } catch (error) {
    if (isMissingBytes(error)) return 'file-gone';
    throw error;
  }
  const { models, language } = modelsFor(
    payload.languages?.length ? payload.languages : [file.language, file.original_language],
  );
  const started = Date.now();
  const reading = isPdf(file.mime)
    ? await readPdf(bytes, models)
    : await readPicture(bytes, models);
  const outcome = await storeReading(ctx, file, reading, language, payload.again === true);
  log?.debug(
    { fileId: file.id, ms: Date.now() - started, reason: reading.reason, outcome },
    'scan read',
  );
  return outcome;
}

/**
 * Writes a reading, if the file is still the same live file. Read again, it replaces the text;
 * a corrected text is kept as a revision first, so nobody's work is lost.
 */
async function storeReading(
  ctx: AppContext,
  file: { id: number; storage_key: string },
  reading: Reading,
  language: string,
  again: boolean,
): Promise<ReadOutcome> {
  const now = ctx.now().toISOString();
  return stampedTransaction(ctx.db, 'archive', async (t) => {
    const trx = ocrTrx(t);
    const live = await trx
      .selectFrom('files')
      .select('id')
      .where('id', '=', file.id)
      .where('storage_key', '=', file.storage_key)
      .where('deleted_at', 'is', null)
      .where('item_id', 'is not', null)
      .executeTakeFirst();
    if (!live) return 'file-gone';
    const values = {
      status: reading.status,
      reason: reading.reason,
      text: reading.text,
      language,
      confidence: reading.confidence,
      pages: JSON.stringify(reading.pages),
      engine_version: ENGINE_VERSION,
      edited: 0,
      edited_by: null,
      edited_at: null,
      read_at: now,
    };
    const before = await trx
      .selectFrom('file_texts')
      .select(['text', 'edited', 'edited_by'])
      .where('file_id', '=', file.id)
      .executeTakeFirst();
    if (before && !again) return 'already';
    if (before?.edited && before.text !== reading.text) {
      const editor = before.edited_by
        ? await trx
            .selectFrom('users')
            .select('name')
            .where('id', '=', before.edited_by)
            .executeTakeFirst()
        : undefined;
      await trx
        .insertInto('file_text_revisions')
        .values({
          file_id: file.id,
          text: before.text,
          user_id: before.edited_by,
          user_name: editor?.name ?? '',
          created_at: now,
        })
        .execute();
    }
    if (before) {
      await trx.updateTable('file_texts').set(values).where('file_id', '=', file.id).execute();
    } else {
      await trx
        .insertInto('file_texts')
        .values({ file_id: file.id, ...values })
        .execute();
    }
    return 'stored';
  });
}

/** Queues the reading of files just attached to items (an upload) and those to read again. */
export async function queueReading(ctx: AppContext, fileIds: number[]): Promise<void> {
  if (!(await ocrEnabled(ctx))) return;
  for (const fileId of fileIds) {
    await ctx.jobs.enqueue<ReadPayload>(READ_JOB, { fileId }, { key: `${READ_JOB}:${fileId}` });
  }
}

export async function queueBackfill(ctx: AppContext): Promise<string> {
  const jobId = await ctx.jobs.enqueue(BACKFILL_JOB, null, { key: BACKFILL_JOB });
  await ctx.settings.set(BACKFILL_JOB_KEY, jobId);
  return jobId;
}

/** Live pictures and PDFs of items (SVGs are drawings: never read). */
function scans(ctx: AppContext) {
  return ocrDb(ctx.db)
    .selectFrom('files as f')
    .leftJoin('file_texts as t', 't.file_id', 'f.id')
    .where((eb) =>
      eb.or([
        eb.and([eb('f.mime', 'like', 'image/%'), eb('f.mime', '<>', 'image/svg+xml')]),
        eb('f.mime', '=', 'application/pdf'),
      ]),
    )
    .where('f.item_id', 'is not', null)
    .where('f.deleted_at', 'is', null);
}

/** How many scans there are, how many were read, and what reading gave. */
export async function scanCounts(ctx: AppContext) {
  const row = await scans(ctx)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('files'),
      eb.fn.count<number | string>('t.file_id').as('read'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb('t.status', '=', 'done'), eb('t.reason', 'is', null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('with_text'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb('t.status', '=', 'done'), eb('t.reason', 'is not', null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('skipped'),
      eb.fn
        .sum<number | string | null>(
          eb.case().when('t.status', '=', 'failed').then(1).else(0).end(),
        )
        .as('failed'),
    ])
    .executeTakeFirstOrThrow();
  const files = Number(row.files);
  const read = Number(row.read);
  return {
    files,
    read,
    pending: Math.max(0, files - read),
    with_text: Number(row.with_text ?? 0),
    skipped: Number(row.skipped ?? 0),
    failed: Number(row.failed ?? 0),
  };
}

const BATCH = 20;

/**
 * Reads every scan not read yet, in id order, reporting progress (which also keeps the job's
 * lease). Resumable by construction: a scan read is one with its row, so a run that was killed
 * starts again where its committed work ends.
 */
export async function backfillTexts(
  ctx: AppContext,
  job: Pick<JobContext, 'progress' | 'signal' | 'log'>,
): Promise<{ read: number }> {
  let read = 0;
  let after = 0;
  for (;;) {
    if (!(await ocrEnabled(ctx)) || job.signal.aborted) return { read };
    const batch = await scans(ctx)
      .select('f.id')
      .where('t.file_id', 'is', null)
      .where('f.id', '>', after)
      .orderBy('f.id')
      .limit(BATCH)
      .execute();
    if (!batch.length) break;
    for (const { id } of batch) {
      if (job.signal.aborted) return { read };
      await readFile(ctx, { fileId: id }, job.log);
      read += 1;
      after = id;
      const counts = await scanCounts(ctx);
      await job.progress(counts.files ? (counts.read / counts.files) * 100 : 100);
    }
  }
  await job.progress(100);
  return { read };
}
