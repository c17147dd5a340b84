import { Writable } from 'node:stream';
import heicConvert from 'heic-convert';
import type { TempDir } from '../../storage/index.js';
import { runFfmpeg } from '../records/index.js';
import { isVideo, type MediaMime } from './sniff.js';

/** Larger pictures are kept without a thumbnail: decoding them would hold them whole in memory. */
export const PREVIEW_MAX_BYTES = 100 * 1024 * 1024;

/** A poster frame is one picture: ffmpeg gets this long, no more, for a video it cannot read. */
const POSTER_TIME_LIMIT_MS = 60_000;

/** ffmpeg's JPEG poster of the video `file` (its first frame), or undefined when it cannot. */
async function posterFrame(file: string, signal?: AbortSignal): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  try {
    await runFfmpeg(
      ['-i', file, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1'],
      () => undefined,
      signal,
      output,
      POSTER_TIME_LIMIT_MS,
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
  const jpeg = Buffer.concat(chunks);
  return jpeg.length ? jpeg : undefined;
}

/**
 * A picture sharp can read for the thumbnail and the perceptual hash: the bytes themselves for
 * JPEG, PNG, WebP and GIF, a JPEG decoded from a HEIC (sharp's build cannot; heic-convert can),
 * a poster frame for a video. Undefined when there is none: the file is kept all the same.
 */
export async function previewOf(
  mime: MediaMime,
  dir: TempDir,
  name: string,
  size: number,
  readWhole: () => Promise<Buffer>,
  signal?: AbortSignal,
): Promise<Buffer | undefined> {
  if (isVideo(mime)) return posterFrame(dir.path(name), signal);
  if (size > PREVIEW_MAX_BYTES) return undefined;
  const bytes = await readWhole();
  if (mime !== 'image/heic') return bytes;
  try {
    const jpeg = await heicConvert({ buffer: bytes, format: 'JPEG', quality: 0.9 });
    return Buffer.from(jpeg instanceof Uint8Array ? jpeg : new Uint8Array(jpeg));
  } catch {
    return undefined;
  }
}
