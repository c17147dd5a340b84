import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { stampedTransaction } from '../../db/stamps.js';
import { isMissingBytes } from '../../storage/index.js';
import type { FileRow } from './repository.js';
import { renderThumbnail, storeThumbnail, thumbKeyOf } from './thumbnails.js';

export const THUMBNAIL_JOB = 'files.thumbnail';

/** The file, and the bytes it had when queued: a row whose bytes changed is not this job's. */
export interface ThumbnailPayload {
  fileId: number;
  storageKey: string;
}

/** Whether a stored file gets a thumbnail (the job then decides whether sharp can read it). */
export const wantsThumbnail = (mime: string) => mime.startsWith('image/');

/**
 * Declares the thumbnail job: on the `media` queue, beside the records' MP3, so that
 * `kinfolio worker --queue media` can keep the heavy image work off the API instances. Three
 * attempts, 5 s then 10 s apart: what fails is the storage (the image itself never fails: an
 * unreadable one simply gets no thumbnail), and a short outage is worth waiting for.
 */
export function defineThumbnailJob(ctx: AppContext): void {
  ctx.jobs.define<ThumbnailPayload>(
    THUMBNAIL_JOB,
    async (payload, job) => {
      await makeThumbnail(ctx, payload, job.log);
    },
    { attempts: 3, backoffMs: 5_000, queue: 'media' },
  );
}

/** Queues the thumbnail of a file; one job per file at a time. */
export function enqueueThumbnail(
  ctx: AppContext,
  row: Pick<FileRow, 'id' | 'storage_key'>,
): Promise<string> {
  const payload: ThumbnailPayload = { fileId: row.id, storageKey: row.storage_key };
  return ctx.jobs.enqueue(THUMBNAIL_JOB, payload, { key: `${THUMBNAIL_JOB}:${row.id}` });
}

export type ThumbnailOutcome = 'made' | 'unreadable' | 'nothing-to-do' | 'file-gone';

/**
 * Makes the WebP thumbnail of a stored image and records it on its row, with the image's size
 * when the upload could not read it from the header. The row is written only if it still holds
 * the same bytes; a file deleted meanwhile loses the thumbnail just written. A row whose
 * thumbnail is there already, or that the job settled before (thumb_pending 0, no thumbnail: an
 * image sharp cannot read), is left alone. The update is stamped (archive): cached answers then
 * show the thumbnail.
 */
export async function makeThumbnail(
  ctx: AppContext,
  { fileId, storageKey }: ThumbnailPayload,
  log?: FastifyBaseLogger,
): Promise<ThumbnailOutcome> {
  const row = await current(ctx, fileId);
  if (!row || row.storage_key !== storageKey) return 'file-gone';
  const thumbKey = thumbKeyOf(storageKey);
  if (!wantsThumbnail(row.mime)) return 'nothing-to-do';
  if (row.thumb_key) {
    // Only a thumbnail missing beside its file (the files check queued it) is made again.
    if (row.thumb_key !== thumbKey || (await ctx.storage.files.stat(thumbKey))) {
      await settle(ctx, fileId, storageKey);
      return 'nothing-to-do';
    }
  } else if (!row.thumb_pending) return 'nothing-to-do';

  let rendered: Awaited<ReturnType<typeof renderThumbnail>>;
  try {
    rendered = await renderThumbnail(ctx.storage.files, storageKey);
  } catch (error) {
    // Deleted meanwhile (rows go first, bytes after): done. Still there: the storage's fault.
    if (isMissingBytes(error) && (await current(ctx, fileId))?.storage_key !== storageKey) {
      return 'file-gone';
    }
    throw error;
  }
  if (rendered) await storeThumbnail(ctx.storage.files, thumbKey, rendered.webp);
  const updated = await stampedTransaction(ctx.db, 'archive', (trx) =>
    trx
      .updateTable('files')
      .set(
        rendered
          ? {
              thumb_key: thumbKey,
              thumb_pending: 0,
              width: sql<number>`coalesce(width, ${rendered.width})`,
              height: sql<number>`coalesce(height, ${rendered.height})`,
            }
          : { thumb_key: null, thumb_pending: 0 },
      )
      .where('id', '=', fileId)
      .where('storage_key', '=', storageKey)
      .executeTakeFirst(),
  );
  if (updated.numUpdatedRows === 0n) {
    // Deleted (or replaced) while the thumbnail was made: nobody will ever refer to it.
    if (rendered) await ctx.storage.files.delete(thumbKey);
    return 'file-gone';
  }
  if (!rendered) {
    log?.info({ fileId }, 'no thumbnail: the image cannot be read');
    return 'unreadable';
  }
  return 'made';
}

const current = (ctx: AppContext, fileId: number) =>
  ctx.db
    .selectFrom('files')
    .select(['id', 'mime', 'storage_key', 'thumb_key', 'thumb_pending'])
    .where('id', '=', fileId)
    .executeTakeFirst();

/** Nothing left to make: the row no longer waits for this job. */
async function settle(ctx: AppContext, fileId: number, storageKey: string) {
  await stampedTransaction(ctx.db, 'archive', (trx) =>
    trx
      .updateTable('files')
      .set({ thumb_pending: 0 })
      .where('id', '=', fileId)
      .where('storage_key', '=', storageKey)
      .where('thumb_pending', '=', 1)
      .execute(),
  );
}
