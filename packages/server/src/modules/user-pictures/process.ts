import {
  PICTURE_LIMITS,
  PICTURE_PIXELS,
  PICTURE_SIZES,
  type PictureKind,
  type PictureSize,
} from '@kinfolio/contract';
import sharp from 'sharp';
import { FieldValidationError } from '../../http/errors.js';

/** Formats recognised from the bytes themselves; SVG is not among them (it can carry scripts). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export type PictureVariants = Record<PictureSize, Buffer>;

const notAPicture = () => new FieldValidationError({ image: ['pictures.not_an_image'] });

/**
 * Every size of a picture as WebP: turned upright by its EXIF orientation, resized to fit the
 * kind's boxes (never enlarged), and without any metadata (sharp writes none unless asked), so a
 * phone photo's location does not travel with it. Anything sharp cannot read as a still image of
 * an accepted format is a 422, whatever its declared type.
 */
export async function pictureVariants(bytes: Buffer, kind: PictureKind): Promise<PictureVariants> {
  const options = {
    failOn: 'error' as const,
    limitInputPixels: PICTURE_LIMITS.maxInputPixels,
    animated: false,
  };
  let format: string | undefined;
  try {
    format = (await sharp(bytes, options).metadata()).format;
  } catch {
    throw notAPicture();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAPicture();
  try {
    const upright = await sharp(bytes, options).autoOrient().toBuffer();
    const entries = await Promise.all(
      PICTURE_SIZES.map(async (size) => {
        const px = PICTURE_PIXELS[kind][size];
        const webp = await sharp(upright)
          .resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        return [size, webp] as const;
      }),
    );
    return Object.fromEntries(entries) as PictureVariants;
  } catch {
    throw notAPicture();
  }
}
