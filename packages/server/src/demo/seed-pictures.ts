import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  photoColumns,
  photoMetadataOf,
  storeThumbnail,
  thumbKeyOf,
  thumbnailOf,
} from '../modules/files/index.js';
import type { FileStorage } from '../storage/storage.js';
import { demoItems, seededRandom } from './generate.js';
import { demoPicture, type DemoPicture } from './pictures.js';
import { chunks, storageKey } from './stored.js';

/** A rendered picture with what an upload and its thumbnail job would have found in it. */
export interface MadePicture extends DemoPicture {
  thumbnail: Buffer;
  columns: ReturnType<typeof photoColumns>;
}

/** Pictures rendered at once: sharp works on the thread pool, a few at a time keep it busy. */
const PICTURES_AT_ONCE = 4;

/**
 * The media items' pictures, by the item's place in the generated sequence: one to three for an
 * original, the same ones for its translations. Made before the transaction, like the audio:
 * no write lock is held while sharp works. Deterministic: the pictures follow from the seed.
 */
export async function makePictures(
  size: number,
  seed: number | undefined,
): Promise<Map<number, MadePicture[]>> {
  const random = seededRandom((seed ?? 1) ^ 0x9e3779b9);
  const wanted: { index: number; spec: Parameters<typeof demoPicture>[0] }[][] = [];
  const copies: { index: number; of: number }[] = [];
  let index = 0;
  for (const item of demoItems(size, seed)) {
    if (item.type === 'media') {
      if (item.parent === null) {
        const count = random() < 0.7 ? 1 : random() < 0.66 ? 2 : 3;
        wanted.push(
          Array.from({ length: count }, () => ({
            index,
            spec: {
              variant: Math.floor(random() * 1_000_000),
              caption: item.title,
              takenAt: new Date(item.date),
              place: item.place,
            },
          })),
        );
      } else copies.push({ index, of: item.parent });
    }
    index++;
  }
  const jobs = wanted.flat();
  const made: MadePicture[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const n = next++;
      const picture = await demoPicture(jobs[n]!.spec, n);
      const thumbnail = await thumbnailOf(picture.jpeg);
      made[n] = {
        ...picture,
        thumbnail: thumbnail!.webp,
        columns: photoColumns(await photoMetadataOf('image/jpeg', picture.jpeg)),
      };
    }
  };
  await Promise.all(Array.from({ length: PICTURES_AT_ONCE }, worker));
  const byItem = new Map<number, MadePicture[]>();
  jobs.forEach((job, n) => byItem.set(job.index, [...(byItem.get(job.index) ?? []), made[n]!]));
  for (const copy of copies) byItem.set(copy.index, byItem.get(copy.of) ?? []);
  return byItem;
}

/**
 * The pictures' bytes and thumbnails stored, and their rows (each key pushed to `storedKeys`
 * first, so the caller can remove them if the transaction fails).
 */
export async function insertPictures(
  trx: Transaction<Database>,
  firstId: number,
  now: string,
  pictures: { storage: FileStorage; made: Map<number, MadePicture[]>; storedKeys: string[] },
): Promise<number> {
  const rows = [];
  for (const [index, list] of pictures.made) {
    for (const picture of list) {
      const key = storageKey();
      const thumbKey = thumbKeyOf(key);
      pictures.storedKeys.push(key, thumbKey);
      await pictures.storage.put(key, Readable.from([picture.jpeg]), { contentType: 'image/jpeg' });
      await storeThumbnail(pictures.storage, thumbKey, picture.thumbnail);
      rows.push({
        item_id: firstId + index,
        upload_token: null,
        name: picture.name,
        mime: 'image/jpeg',
        size: picture.jpeg.length,
        storage_key: key,
        thumb_key: thumbKey,
        thumb_pending: 0,
        sha256: createHash('sha256').update(picture.jpeg).digest('hex'),
        width: picture.width,
        height: picture.height,
        created_by: null,
        created_at: now,
        attached_at: now,
        ...picture.columns,
      });
    }
  }
  for (const chunk of chunks(rows, 200)) await trx.insertInto('files').values(chunk).execute();
  return rows.length;
}
