import { FILE_LIMITS } from '@kinfolio/contract';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';

export interface Thumbnail {
  key: string;
  width: number;
  height: number;
}

/** A thumbnail is stored next to its file, under the file's key with this suffix. */
export const THUMB_SUFFIX = '.thumb.webp';

// Scans can be huge, but a photo larger than this is almost certainly a decompression bomb.
const MAX_INPUT_PIXELS = 200_000_000;

/**
 * A WebP preview (longest side FILE_LIMITS.thumbnailPx, EXIF orientation applied) next to the
 * stored image, with the image's displayed size. Undefined when sharp cannot read the image
 * (HEIC, a damaged file): the file is kept and shown as a download.
 */
export async function makeThumbnail(ctx: AppContext, key: string): Promise<Thumbnail | undefined> {
  const thumbKey = `${key}${THUMB_SUFFIX}`;
  try {
    const input = sharp({ failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const metadata = input.clone().metadata();
    const preview = input
      .clone()
      .autoOrient()
      .resize({
        width: FILE_LIMITS.thumbnailPx,
        height: FILE_LIMITS.thumbnailPx,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 78 });
    ctx.storage.files.get(key).pipe(input);
    const [meta] = await Promise.all([metadata, ctx.storage.files.put(thumbKey, preview)]);
    return { key: thumbKey, width: meta.autoOrient.width, height: meta.autoOrient.height };
  } catch {
    await ctx.storage.files.delete(thumbKey);
    return undefined;
  }
}
