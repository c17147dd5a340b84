import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import { readFileBytes } from '../files/index.js';
import type { RelativeBox } from './detector.js';

/** Crops are this many pixels square: a face in a list or a round avatar. */
export const CROP_PX = 160;
const MAX_INPUT_PIXELS = 200_000_000;

export const cropKeyOf = (faceId: number) => `crops/${faceId}.jpg`;

/** The face's box with a margin around it, made square, in the picture as shown. */
async function renderCrop(bytes: Buffer, box: RelativeBox): Promise<Buffer | undefined> {
  try {
    const rotated = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = rotated.info;
    const cx = (box.x + box.width / 2) * width;
    const cy = (box.y + box.height / 2) * height;
    const side = Math.min(Math.max(box.width * width, box.height * height) * 1.4, width, height);
    const left = Math.round(Math.min(Math.max(0, cx - side / 2), width - side));
    const top = Math.round(Math.min(Math.max(0, cy - side / 2), height - side));
    const size = Math.max(1, Math.floor(side));
    return await sharp(rotated.data)
      .extract({
        left,
        top,
        width: Math.min(size, width - left),
        height: Math.min(size, height - top),
      })
      .resize(CROP_PX, CROP_PX, { fit: 'cover' })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch {
    return undefined;
  }
}

/**
 * The stored crop of a face, made on first request and kept in the faces' storage (deleted with
 * the face, or with all face data). Undefined when the picture cannot be read.
 */
export async function faceCrop(
  ctx: AppContext,
  face: { id: number; storage_key: string; box: RelativeBox },
): Promise<string | undefined> {
  const key = cropKeyOf(face.id);
  if (await ctx.storage.faces.stat(key)) return key;
  const crop = await renderCrop(await readFileBytes(ctx, face.storage_key), face.box);
  if (!crop) return undefined;
  await ctx.storage.faces.put(key, Readable.from([crop]), { contentType: 'image/jpeg' });
  return key;
}
