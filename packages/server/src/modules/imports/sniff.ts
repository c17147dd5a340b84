/** The media types the photos source imports, told by their first bytes. */
export type MediaMime =
  | 'image/jpeg'
  | 'image/png'
  | 'image/webp'
  | 'image/gif'
  | 'image/heic'
  | 'video/mp4'
  | 'video/quicktime'
  | 'video/webm'
  | 'video/x-msvideo';

/** How many first bytes `sniffMedia` needs. */
export const SNIFF_BYTES = 32;

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const QUICKTIME_BRANDS = new Set(['qt  ']);

/**
 * The media type of a file from its first bytes, or undefined when it is none of ours: the
 * content decides, never the name, so a file that only calls itself a photo is never decoded.
 */
export function sniffMedia(head: Buffer): MediaMime | undefined {
  const text = (offset: number, length: number) =>
    head.length >= offset + length ? head.toString('latin1', offset, offset + length) : '';
  const bytes = (...values: number[]) => values.every((v, i) => head[i] === v);
  if (bytes(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (text(0, 4) === 'RIFF' && text(8, 4) === 'WEBP') return 'image/webp';
  if (text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a') return 'image/gif';
  if (text(0, 4) === 'RIFF' && text(8, 4) === 'AVI ') return 'video/x-msvideo';
  if (bytes(0x1a, 0x45, 0xdf, 0xa3)) return 'video/webm';
  if (text(4, 4) === 'ftyp') {
    const brand = text(8, 4);
    if (HEIF_BRANDS.has(brand)) return 'image/heic';
    return QUICKTIME_BRANDS.has(brand) ? 'video/quicktime' : 'video/mp4';
  }
  return undefined;
}

/** Names that say "a picture or a video": such a file must be one, or the source lies. */
const MEDIA_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'jpe',
  'png',
  'webp',
  'gif',
  'heic',
  'heif',
  'mp4',
  'm4v',
  'mov',
  'webm',
  'mkv',
  'avi',
]);

/** Whether a file's name claims it is a picture or a video. */
export function namedAsMedia(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && MEDIA_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

export const isVideo = (mime: MediaMime) => mime.startsWith('video/');
