import { Readable } from 'node:stream';
import { FILE_LIMITS } from '@kinfolio/contract';
import sharp from 'sharp';
import type { FileStorage } from '../../storage/index.js';

/** An image's size as shown, EXIF orientation applied (a portrait photo is taller than wide). */
export interface DisplayedSize {
  width: number;
  height: number;
}

/** A thumbnail is stored next to its file, under the file's key with this suffix. */
export const THUMB_SUFFIX = '.thumb.webp';

export const thumbKeyOf = (storageKey: string) => `${storageKey}${THUMB_SUFFIX}`;

// Scans can be huge, but a photo larger than this is almost certainly a decompression bomb.
const MAX_INPUT_PIXELS = 200_000_000;

/**
 * The displayed size from the first bytes of an image, without decoding it: JPEG and PNG say it
 * in their header (a few milliseconds for a 38 MB, 48-megapixel JPEG, against a quarter of a
 * second to read the whole file into sharp). Undefined when the header is not enough (WebP, GIF
 * and TIFF need the whole file to sharp) or not an image: the thumbnail job fills it in then.
 */
export async function displayedSize(head: Buffer): Promise<DisplayedSize | undefined> {
  if (!head.length) return undefined;
  try {
    const meta = await sharp(head, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const { width, height } = meta.autoOrient;
    return width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/** What the thumbnail job writes: the preview's bytes and the image's displayed size. */
export interface Rendered extends DisplayedSize {
  webp: Buffer;
}

/**
 * A WebP preview (longest side FILE_LIMITS.thumbnailPx, EXIF orientation applied) of the stored
 * image `key`. Undefined when sharp cannot read the image (HEIC, a damaged file): a normal
 * outcome, the file is shown as a download. A storage failure (bytes missing, a bucket out of
 * reach) rejects, so the job tries again: the bytes are read whole first (sharp buffers a
 * streamed input whole anyway), which keeps the two kinds of failure apart.
 */
export async function renderThumbnail(
  files: FileStorage,
  key: string,
): Promise<Rendered | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of await files.open(key)) chunks.push(chunk as Buffer);
  return thumbnailOf(Buffer.concat(chunks));
}

/** The WebP preview and displayed size of an image's bytes; undefined when sharp cannot read it. */
export async function thumbnailOf(bytes: Buffer): Promise<Rendered | undefined> {
  const input = sharp(bytes, {
    failOn: 'error',
    limitInputPixels: MAX_INPUT_PIXELS,
    animated: false,
  });
  try {
    const [meta, webp] = await Promise.all([
      input.metadata(),
      input
        .clone()
        .autoOrient()
        .resize({
          width: FILE_LIMITS.thumbnailPx,
          height: FILE_LIMITS.thumbnailPx,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 78 })
        .toBuffer(),
    ]);
    return { webp, width: meta.autoOrient.width, height: meta.autoOrient.height };
  } catch {
    return undefined;
  }
}

/** Stores a rendered preview under its file's thumbnail key. */
export function storeThumbnail(files: FileStorage, key: string, webp: Buffer): Promise<void> {
  return files.put(key, Readable.from([webp]), { contentType: 'image/webp' });
}
