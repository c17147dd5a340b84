import { Readable } from 'node:stream';
import { FILE_LIMITS } from '@kinfolio/contract';
import sharp from 'sharp';
import type { FileStorage } from '../../storage/index.js';

/**
 * A picture's large preview (a share link's lightbox): made on first demand from the original and
 * kept next to it under this suffix. The files check keeps it while its file's row exists
 * (reconcile.ts, baseKeyOf) and removes it with the file.
 */
export const PREVIEW_SUFFIX = '.preview.webp';

export const previewKeyOf = (storageKey: string) => `${storageKey}${PREVIEW_SUFFIX}`;

/** The file's key for one of its derived keys (preview), else the key itself. */
export const baseKeyOf = (key: string) =>
  key.endsWith(PREVIEW_SUFFIX) ? key.slice(0, -PREVIEW_SUFFIX.length) : key;

// As for thumbnails: a larger picture is almost certainly a decompression bomb.
const MAX_INPUT_PIXELS = 200_000_000;

/** Previews being made, by key: two visitors asking at once wait for the same one. */
const making = new Map<string, Promise<boolean>>();

async function render(files: FileStorage, storageKey: string): Promise<boolean> {
  const chunks: Buffer[] = [];
  for await (const chunk of await files.open(storageKey)) chunks.push(chunk as Buffer);
  let webp: Buffer;
  try {
    webp = await sharp(Buffer.concat(chunks), {
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: false,
    })
      .autoOrient()
      .resize({
        width: FILE_LIMITS.previewPx,
        height: FILE_LIMITS.previewPx,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    // Not a picture sharp reads (its thumbnail job found the same): no preview.
    return false;
  }
  await files.put(previewKeyOf(storageKey), Readable.from([webp]), { contentType: 'image/webp' });
  return true;
}

/**
 * The key of the file's large preview, made now if it was not yet; undefined when the picture
 * cannot be read. Re-encoded and resized: never the original's bytes, even for a small picture.
 */
export async function ensurePreview(
  files: FileStorage,
  storageKey: string,
): Promise<string | undefined> {
  const key = previewKeyOf(storageKey);
  if (await files.stat(key)) return key;
  let pending = making.get(key);
  if (!pending) {
    pending = render(files, storageKey).finally(() => making.delete(key));
    making.set(key, pending);
  }
  return (await pending) ? key : undefined;
}
