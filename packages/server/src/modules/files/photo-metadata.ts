import exifr from 'exifr';
import type { AttachedFile } from '@kinfolio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { stampedTransaction } from '../../db/stamps.js';
import type { FileStorage } from '../../storage/storage.js';
import type { FileRow } from './repository.js';

/** What a photo says about itself: the day it was taken and where (EXIF, GPS). */
export type PhotoMetadata = Pick<AttachedFile, 'taken_on' | 'latitude' | 'longitude'>;

/** EXIF sits at the start of the file; this much is enough for every camera seen so far. */
export const HEAD_BYTES = 256 * 1024;

/** Image types whose EXIF exifr reads. */
const WITH_EXIF = new Set([
  'image/jpeg',
  'image/tiff',
  'image/heic',
  'image/heif',
  'image/png',
  'image/webp',
  'image/avif',
]);

async function head(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.get(key, { start: 0, end: HEAD_BYTES - 1 })) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** `1978:08:12 14:30:00` (the camera's own clock, no zone) → `1978-08-12`. */
export function exifDay(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})/.exec(value.trim());
  if (!match || match[1] === '0000') return undefined;
  const [, year, month, day] = match;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : `${year}-${month}-${day}`;
}

const finite = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 1e6) / 1e6 : undefined;

/**
 * The day and place a photo was taken, from its EXIF; empty for other files, for photos
 * without them and for bytes exifr cannot read (never an error: it is only a suggestion).
 */
export async function readPhotoMetadata(
  storage: FileStorage,
  row: Pick<FileRow, 'mime' | 'storage_key'>,
): Promise<PhotoMetadata> {
  if (!WITH_EXIF.has(row.mime)) return {};
  try {
    return await photoMetadataOf(row.mime, await head(storage, row.storage_key));
  } catch {
    return {};
  }
}

/**
 * The same from the first bytes of the file (at least HEAD_BYTES of them, or the whole file),
 * as an upload sees them go by: nothing is read again from the storage.
 */
export async function photoMetadataOf(mime: string, head: Buffer): Promise<PhotoMetadata> {
  if (!WITH_EXIF.has(mime) || !head.length) return {};
  try {
    const tags = (await exifr.parse(head, {
      tiff: true,
      exif: true,
      gps: true,
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
      // The raw `YYYY:MM:DD hh:mm:ss`: revived, it would become a date in the server's zone.
      reviveValues: false,
      pick: [
        'DateTimeOriginal',
        'CreateDate',
        'GPSLatitude',
        'GPSLatitudeRef',
        'GPSLongitude',
        'GPSLongitudeRef',
      ],
    })) as Record<string, unknown> | undefined;
    if (!tags) return {};
    const day = exifDay(tags.DateTimeOriginal) ?? exifDay(tags.CreateDate);
    const latitude = finite(tags.latitude);
    const longitude = finite(tags.longitude);
    const place =
      latitude !== undefined &&
      longitude !== undefined &&
      Math.abs(latitude) <= 90 &&
      Math.abs(longitude) <= 180
        ? { latitude, longitude }
        : {};
    return { ...(day ? { taken_on: day } : {}), ...place };
  } catch {
    return {};
  }
}

/**
 * The row's columns for what was read (migration 0022): written once, when the file is stored
 * (or by the backfill below), so that reading an item never opens its files.
 */
export function photoColumns(metadata: PhotoMetadata) {
  return {
    taken_on: metadata.taken_on ?? null,
    latitude: metadata.latitude ?? null,
    longitude: metadata.longitude ?? null,
    metadata_read: 1,
  };
}

/** What a row's columns say of its photo (nothing for other files or rows not read yet). */
export function storedPhotoMetadata(
  row: Pick<FileRow, 'taken_on' | 'latitude' | 'longitude'>,
): PhotoMetadata {
  return {
    ...(row.taken_on ? { taken_on: row.taken_on } : {}),
    ...(row.latitude !== null && row.longitude !== null
      ? { latitude: Number(row.latitude), longitude: Number(row.longitude) }
      : {}),
  };
}

/** Rows read per batch by the backfill: one short write transaction each. */
export const BACKFILL_BATCH = 50;

/**
 * Reads the metadata of files stored before it was read at upload (`metadata_read` 0), a batch at
 * a time, oldest first, until none is left; answers how many rows it completed. The files are read
 * outside any transaction; each batch's rows are then written in one stamped transaction (the
 * archive stamp moves: items show these values). A row written meanwhile by an upload is left
 * alone (`metadata_read` is checked again), one gone meanwhile is simply not updated. A file whose
 * bytes cannot be read is marked read with nothing found (readPhotoMetadata never fails), so
 * the job always ends.
 */
export async function backfillPhotoMetadata(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  log?: FastifyBaseLogger,
  batch = BACKFILL_BATCH,
): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    const rows = await ctx.db
      .selectFrom('files')
      .select(['id', 'mime', 'storage_key'])
      .where('metadata_read', '=', 0)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (!rows.length) break;
    // One file at a time: a background job, it need not hurry.
    const read: { id: number; columns: ReturnType<typeof photoColumns> }[] = [];
    for (const row of rows) {
      read.push({
        id: row.id,
        columns: photoColumns(await readPhotoMetadata(ctx.storage.files, row)),
      });
    }
    await stampedTransaction(ctx.db, 'archive', async (trx) => {
      for (const { id, columns } of read) {
        await trx
          .updateTable('files')
          .set(columns)
          .where('id', '=', id)
          .where('metadata_read', '=', 0)
          .execute();
      }
    });
    done += rows.length;
    after = rows[rows.length - 1]!.id;
    if (rows.length < batch) break;
  }
  if (done) log?.info({ files: done }, 'photo metadata read for stored files');
  return done;
}
