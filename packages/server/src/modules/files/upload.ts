import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_LIMITS, isAllowedMime } from '@kinfolio/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { randomToken } from '../../auth/tokens.js';
import { HttpError } from '../../http/errors.js';
import { filesRepository, type FileRow } from './repository.js';
import { HEAD_BYTES, photoColumns, photoMetadataOf } from './photo-metadata.js';
import { newPictures } from './picture-hooks.js';
import { enqueueThumbnail, wantsThumbnail } from './thumbnail-job.js';
import { displayedSize } from './thumbnails.js';

/**
 * Keys this process is storing whose row is not inserted yet. Bytes come first (a partial file,
 * renamed when complete), the row last, so a process killed in between leaves only bytes without
 * a row, which the files check (reconcile.ts) removes; it leaves these alone whatever its grace.
 */
const awaitingRow = new Set<string>();

/** Whether `key` belongs to an upload of this process in flight. */
export function uploadInFlight(key: string): boolean {
  return awaitingRow.has(key);
}

/** `ab/cd/uuid`: two levels of fan-out keep directories small on a local disk. */
function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

/** A file name safe to store and show: no path, no control characters, at most 255 characters. */
export function cleanName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we remove
  const name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...(name || 'file')].slice(0, FILE_LIMITS.nameMaxLength).join('');
}

export function humanSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Counts and hashes bytes on their way to the storage, and keeps the first HEAD_BYTES (what the
 * EXIF and an image's header need), so nothing is read twice.
 */
function meter() {
  const hash = createHash('sha256');
  let size = 0;
  const head: Buffer[] = [];
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      if (size < HEAD_BYTES) head.push(chunk.subarray(0, HEAD_BYTES - size));
      size += chunk.length;
      done(null, chunk);
    },
  });
  return {
    stream,
    result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(head) }),
  };
}

/**
 * Streams `source` into the storage; the stored bytes are removed again if anything fails. An
 * error of the upload itself (a cut or malformed multipart body) is the client's: a 400.
 */
async function store(ctx: AppContext, key: string, source: Readable) {
  const counted = meter();
  const results = await Promise.allSettled([
    pipeline(source, counted.stream),
    ctx.storage.files.put(key, counted.stream),
  ]);
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await ctx.storage.files.delete(key);
    // The multipart parser destroys the file stream with its error, possibly before we read it.
    const bodyError: unknown = source.errored;
    if (!bodyError || isTooLarge(bodyError)) throw bodyError ?? failure.reason;
    throw new HttpError(400, 'http.bad_request');
  }
  return counted.result();
}

const isTooLarge = (error: unknown) =>
  (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'files.too_large', { max: humanSize(maxBytes) });

/**
 * FilePond's `process`: stores one uploaded file as a temporary upload and returns it. The type
 * is checked before any byte is written; the size while streaming. An image's thumbnail is made
 * by the `files.thumbnail` job afterwards (a worker's work, not the request's).
 */
export async function receiveUpload(
  ctx: AppContext,
  part: MultipartFile,
  maxBytes: number,
  userId: number,
  log?: FastifyBaseLogger,
): Promise<FileRow> {
  const mime = part.mimetype.toLowerCase().split(';')[0]!.trim();
  if (!isAllowedMime(mime)) {
    part.file.resume();
    throw new HttpError(415, 'files.type_refused');
  }
  const key = newStorageKey();
  awaitingRow.add(key);
  try {
    const row = await storeAndInsert(ctx, part, { key, mime, maxBytes, userId });
    // The row says the thumbnail is owed (thumb_pending): if this enqueue fails, the files
    // check queues it again, so the upload itself has succeeded.
    if (row.thumb_pending) {
      await enqueueThumbnail(ctx, row).catch((err: unknown) =>
        log?.error({ err, fileId: row.id }, 'thumbnail job not queued (the files check will)'),
      );
      await newPictures(ctx, [row.id], log);
    }
    return row;
  } finally {
    awaitingRow.delete(key);
  }
}

async function storeAndInsert(
  ctx: AppContext,
  part: MultipartFile,
  { key, mime, maxBytes, userId }: { key: string; mime: string; maxBytes: number; userId: number },
): Promise<FileRow> {
  let stored: { size: number; sha256: string; head: Buffer };
  try {
    stored = await store(ctx, key, part.file);
  } catch (error) {
    if (isTooLarge(error)) throw tooLarge(maxBytes);
    throw error;
  }
  if (part.file.truncated) {
    await ctx.storage.files.delete(key);
    throw tooLarge(maxBytes);
  }
  const image = wantsThumbnail(mime);
  const [size, photo] = await Promise.all([
    // Read from the header only (cheap); the thumbnail job fills it in when that is not enough.
    image ? displayedSize(stored.head) : undefined,
    // The day and place a photo was taken, read once here and kept on its row.
    photoMetadataOf(mime, stored.head),
  ]);
  try {
    return await filesRepository(ctx.db).insert({
      item_id: null,
      upload_token: randomToken(24),
      name: cleanName(part.filename),
      mime,
      size: stored.size,
      storage_key: key,
      thumb_key: null,
      thumb_pending: image ? 1 : 0,
      sha256: stored.sha256,
      width: size?.width ?? null,
      height: size?.height ?? null,
      created_by: userId,
      created_at: ctx.now().toISOString(),
      attached_at: null,
      ...photoColumns(photo),
    });
  } catch (error) {
    await removeBytes(ctx, [key]);
    throw error;
  }
}

/**
 * Deletes stored bytes after their rows are gone. A failure is logged, never fatal: bytes without
 * a row are unreachable, only wasted space.
 */
export async function removeBytes(
  ctx: AppContext,
  keys: string[],
  log?: FastifyBaseLogger,
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      ctx.storage.files
        .delete(key)
        .catch((err: unknown) => log?.warn({ err, key }, 'file not removed')),
    ),
  );
}
