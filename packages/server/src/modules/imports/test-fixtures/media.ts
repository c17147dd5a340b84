import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { lavfiFile } from '../../../test/audio.js';

/** Pictures and a video the import tests make themselves (tests only). */

/**
 * A picture of its own for each seed: 8×8 random colours enlarged smoothly, so that (as in a
 * photo) its shapes are large, and a resized, recompressed copy keeps its perceptual hash.
 */
export async function picture(seed: number, size = 96): Promise<Sharp> {
  const cells = 8;
  const pixels = Buffer.alloc(cells * cells * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < pixels.length; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    pixels[i] = state >>> 24;
  }
  const small = sharp(pixels, { raw: { width: cells, height: cells, channels: 3 } });
  const raw = await small.resize(size, size, { kernel: 'cubic' }).raw().toBuffer();
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } });
}

/** A JPEG taken on 2001-02-03 in Paris (EXIF). */
export async function jpegWithExif(seed: number): Promise<Buffer> {
  return (await picture(seed))
    .jpeg()
    .withExif({
      IFD2: { DateTimeOriginal: '2001:02:03 10:00:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    })
    .toBuffer();
}

export const png = async (seed: number, size?: number) =>
  (await picture(seed, size)).png().toBuffer();
export const webp = async (seed: number) => (await picture(seed)).webp().toBuffer();
export const gif = async (seed: number) => (await picture(seed)).gif().toBuffer();
export const jpeg = async (seed: number) => (await picture(seed)).jpeg().toBuffer();

/**
 * A 64×48 HEIC, made with libheif's `heif-enc` 1.15.1 (Debian's libheif-examples) from a plain
 * PNG that sharp drew: sharp's build cannot write HEIC, so the bytes are kept beside the tests.
 */
export const heic = () => fs.promises.readFile(path.join(import.meta.dirname, 'tiny.heic'));

/** A one-second 64×48 MP4 from ffmpeg's test pattern. */
export async function mp4(): Promise<Buffer> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'kinfolio-test-video-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    await lavfiFile(file, 'testsrc=duration=1:size=64x48:rate=5', ['-pix_fmt', 'yuv420p']);
    return await fs.promises.readFile(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
