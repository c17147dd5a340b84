import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { filesRepository, isDeleted, isTemporary, type FileKeys } from './repository.js';
import { enqueueThumbnail } from './thumbnail-job.js';
import { baseKeyOf } from './previews.js';
import { thumbKeyOf } from './thumbnails.js';
import { uploadInFlight } from './upload.js';

/** A row whose bytes are gone: kept (an attached file is the archive's), for a restore. */
export interface MissingBytes {
  fileId: number;
  /** The item or the record the file belongs to. */
  itemId?: number;
  recordId?: number;
  key: string;
  kind: 'file' | 'thumbnail';
}

export interface ReconcileResult {
  /** Partial writes of uploads that died (process killed, client gone), removed. */
  partialsRemoved: number;
  /** Files and thumbnails that no row refers to, older than the grace period, removed. */
  orphansRemoved: number;
  /** Files no row refers to yet, left alone: younger than the grace period (uploads in flight). */
  orphansKept: number;
  /** Temporary uploads whose bytes were gone: nobody can attach them, so their rows went. */
  temporaryRowsRemoved: number;
  /** Deleted medias whose bytes were gone: nothing left to restore, so their rows went. */
  deletedRowsRemoved: number;
  /**
   * Thumbnails queued to the `files.thumbnail` job: missing beside their file (made again), or
   * owed to an image whose job was lost (a crash before it was queued, a storage outage through
   * all its attempts). A job already queued or running for the file is not queued twice.
   */
  thumbnailsQueued: number;
  /** Attached files whose bytes (or thumbnail) are missing, logged as errors, never deleted. */
  missing: MissingBytes[];
  /**
   * No file was removed because the database holds no file row at all while the folder holds
   * files: a DATABASE_URL that is not this folder's archive must not empty it.
   */
  guarded: boolean;
}

const BATCH = 500;

function chunks<T>(values: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += BATCH) out.push(values.slice(i, i + BATCH));
  return out;
}

/** One pass at a time per storage: the start-up pass and an hourly one must not interleave. */
const running = new WeakMap<object, Promise<unknown>>();

/**
 * Makes the file storage and the `files` table agree again after a crash. Uploads write their
 * bytes first (a partial file renamed when complete) and their row last, and deletions remove
 * rows first and bytes after the commit, so a process dying at any moment leaves only bytes
 * without a row; this pass removes them once older than ORPHAN_GRACE_MINUTES. Rows whose bytes
 * are missing can only come from outside (a lost disk, a partial restore): a temporary upload's
 * row is removed, a deleted media's too (reported: nothing is left to restore), an attached
 * file's is reported. Deleted medias keep their rows and bytes until purged; a purge removes the
 * row first and the bytes after the commit, so a kill in between leaves only bytes. Thumbnails
 * missing or still owed are queued to the thumbnail job, never made here: the pass stays short
 * (a restored archive may lack thousands), and the image work goes to the `media` queue's
 * workers, with the job's retries. Runs at start and hourly (jobs.ts).
 */
export function reconcileFiles(
  ctx: AppContext,
  log?: FastifyBaseLogger,
  options: { announce?: boolean } = {},
): Promise<ReconcileResult> {
  const previous = running.get(ctx.storage.files) ?? Promise.resolve();
  const pass = previous.catch(() => undefined).then(() => reconcileOnce(ctx, log, options));
  running.set(ctx.storage.files, pass);
  return pass;
}

async function reconcileOnce(
  ctx: AppContext,
  log: FastifyBaseLogger | undefined,
  options: { announce?: boolean },
): Promise<ReconcileResult> {
  // File times are the disk's wall clock, whatever ctx.now() pretends.
  const cutoff = new Date(Date.now() - ctx.config.orphanGraceMinutes * 60_000);
  const result: ReconcileResult = {
    partialsRemoved: await ctx.storage.files.removeAbandonedPartials(cutoff),
    orphansRemoved: 0,
    orphansKept: 0,
    temporaryRowsRemoved: 0,
    deletedRowsRemoved: 0,
    thumbnailsQueued: 0,
    missing: [],
    guarded: false,
  };

  // Rows first, then the listing: bytes always exist before their row, so a file listed after
  // the rows were read and not among them is either an orphan or an upload younger than that.
  const rows = await filesRepository(ctx.db).allKeys();
  const referenced = new Set(rows.flatMap((row) => [row.storage_key, row.thumb_key ?? '']));
  const present = new Set<string>();
  const unreferenced: string[] = [];
  for await (const object of ctx.storage.files.list()) {
    if (referenced.has(object.key)) present.add(object.key);
    // A picture's preview (previews.ts) lives as long as its file's row.
    else if (object.key !== baseKeyOf(object.key) && referenced.has(baseKeyOf(object.key)))
      continue;
    else if (object.modifiedAt < cutoff && !uploadInFlight(object.key)) {
      unreferenced.push(object.key);
    } else result.orphansKept += 1;
  }

  if (rows.length === 0 && unreferenced.length > 0) {
    result.guarded = true;
    log?.warn(
      { files: unreferenced.length },
      'files check: the database has no file row but the files folder has files; none removed ' +
        '(is DATABASE_URL the database of this DATA_DIR?)',
    );
  } else {
    result.orphansRemoved = await removeOrphans(ctx, unreferenced, log);
  }

  for (const row of rows) {
    if (!present.has(row.storage_key)) await missingFile(ctx, row, result, log);
    else if (row.thumb_key && !present.has(row.thumb_key)) {
      await missingThumbnail(ctx, row, result, log);
    } else if (row.thumb_pending) {
      if (await queueThumbnail(ctx, row, log)) result.thumbnailsQueued += 1;
    }
  }

  const changed =
    result.partialsRemoved +
      result.orphansRemoved +
      result.temporaryRowsRemoved +
      result.deletedRowsRemoved +
      result.thumbnailsQueued +
      result.missing.length >
      0 || result.guarded;
  if (changed || options.announce) {
    const { missing, ...counts } = result;
    log?.info({ ...counts, missing: missing.length }, 'files reconciled');
  }
  return result;
}

/** Removes files that still have no row now (a row may have come since the first read). */
async function removeOrphans(
  ctx: AppContext,
  keys: string[],
  log?: FastifyBaseLogger,
): Promise<number> {
  let removed = 0;
  for (const batch of chunks(keys)) {
    // A preview belongs to its file's row (previews.ts): asked for by the file's key.
    const claimed = await filesRepository(ctx.db).claiming([...new Set(batch.map(baseKeyOf))]);
    const keep = new Set(claimed.flatMap((row) => [row.storage_key, row.thumb_key]));
    for (const key of batch) {
      if (keep.has(baseKeyOf(key)) || uploadInFlight(key)) continue;
      try {
        await ctx.storage.files.delete(key);
        removed += 1;
      } catch (err) {
        log?.warn({ err, key }, 'files check: orphaned file not removed');
      }
    }
  }
  if (removed) log?.warn({ removed }, 'files check: removed files that no row refers to');
  return removed;
}

/** The row as it is now, if its file is still missing (it may have been deleted meanwhile). */
async function stillMissing(ctx: AppContext, row: FileKeys, key: string) {
  const now = await filesRepository(ctx.db).keysById(row.id);
  if (!now || (now.storage_key !== key && now.thumb_key !== key)) return undefined;
  return (await ctx.storage.files.stat(key)) ? undefined : now;
}

async function missingFile(
  ctx: AppContext,
  row: FileKeys,
  result: ReconcileResult,
  log?: FastifyBaseLogger,
): Promise<void> {
  const current = await stillMissing(ctx, row, row.storage_key);
  if (!current) return;
  if (isDeleted(current)) {
    // A deleted media without its bytes cannot be restored: reported, and its row removed (its
    // thumbnail, if any, with it). Restored meanwhile: an attached file now, reported below.
    if (await filesRepository(ctx.db).deleteIfDeleted(current.id)) {
      if (current.thumb_key)
        await ctx.storage.files.delete(current.thumb_key).catch(() => undefined);
      result.deletedRowsRemoved += 1;
      log?.error(
        { fileId: current.id, key: current.storage_key },
        'files check: removed a deleted media whose bytes are missing',
      );
      return;
    }
    const now = await filesRepository(ctx.db).keysById(current.id);
    if (now && !isTemporary(now) && !isDeleted(now)) {
      report(result, now, current.storage_key, 'file', log);
    }
    return;
  }
  if (isTemporary(current)) {
    // Nobody can attach an upload without bytes; its uploader sees it fail and sends it again.
    if (await filesRepository(ctx.db).deleteIfTemporary(current.id)) {
      if (current.thumb_key)
        await ctx.storage.files.delete(current.thumb_key).catch(() => undefined);
      result.temporaryRowsRemoved += 1;
      log?.warn(
        { fileId: current.id, key: current.storage_key },
        'files check: removed a temporary upload whose bytes are missing',
      );
      return;
    }
    // Attached in the meantime: it is now the archive's, reported below.
    const attached = await filesRepository(ctx.db).keysById(current.id);
    if (!attached || isTemporary(attached)) return;
    report(result, attached, current.storage_key, 'file', log);
    return;
  }
  report(result, current, current.storage_key, 'file', log);
}

async function missingThumbnail(
  ctx: AppContext,
  row: FileKeys,
  result: ReconcileResult,
  log?: FastifyBaseLogger,
): Promise<void> {
  const key = row.thumb_key!;
  const current = await stillMissing(ctx, row, key);
  if (!current) return;
  // The thumbnail's key is derived from the file's: the job can make it again from the file
  // (or, if the image can no longer be read, clear it from the row).
  if (key === thumbKeyOf(current.storage_key)) {
    if (await queueThumbnail(ctx, current, log)) {
      result.thumbnailsQueued += 1;
      log?.warn({ fileId: current.id, key }, 'files check: a thumbnail is missing, queued again');
    }
    return;
  }
  if (!isTemporary(current) && !isDeleted(current)) {
    report(result, current, key, 'thumbnail', log);
  }
}

/**
 * Queues the thumbnail job of a row (by its bytes' key: a row changed since is the job's to
 * skip). A queue out of reach is logged and tried again at the next pass.
 */
async function queueThumbnail(
  ctx: AppContext,
  row: Pick<FileKeys, 'id' | 'storage_key'>,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  try {
    await enqueueThumbnail(ctx, row);
    return true;
  } catch (err) {
    log?.warn({ err, fileId: row.id }, 'files check: thumbnail job not queued');
    return false;
  }
}

function report(
  result: ReconcileResult,
  row: FileKeys,
  key: string,
  kind: MissingBytes['kind'],
  log?: FastifyBaseLogger,
) {
  const missing: MissingBytes = {
    fileId: row.id,
    ...(row.item_id !== null ? { itemId: row.item_id } : {}),
    ...(row.record_id !== null ? { recordId: row.record_id } : {}),
    key,
    kind,
  };
  result.missing.push(missing);
  log?.error(missing, `files check: the ${kind} of an attached file is missing (restore it)`);
}
