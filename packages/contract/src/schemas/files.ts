import { z } from 'zod';
import { LIMITS } from '../constants.js';

/** Uploads: what the server accepts and how long an unattached upload is kept. */
export const FILE_LIMITS = {
  /** A long family video or a large scan, not a whole film archive. */
  maxBytes: LIMITS.uploadMaxBytes,
  /** FilePond uploads not attached to an item within this time are removed. */
  temporaryHours: 24,
  /** Uploads attached in one `addfilepond` call. */
  perRequest: 100,
  nameMaxLength: 255,
  /** Longest side of a generated thumbnail, in pixels. */
  thumbnailPx: 480,
  /** Longest side of a picture's large preview (a share link's lightbox), in pixels. */
  previewPx: 1600,
} as const;

/**
 * Still images a browser can show. SVG is left out on purpose: it can carry scripts and is served
 * from the archive's own origin.
 */
export const IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/tiff',
  'image/heic',
  'image/heif',
] as const;

/** Whether an upload of this type is accepted: photos, any audio or video, PDF and plain text. */
export function isAllowedMime(mime: string): boolean {
  const type = mime.toLowerCase().split(';')[0]!.trim();
  return (
    (IMAGE_MIME_TYPES as readonly string[]).includes(type) ||
    /^(audio|video)\/[a-z0-9.+-]+$/.test(type) ||
    type === 'application/pdf' ||
    type === 'text/plain'
  );
}

/** The same allowlist in the form file pickers and FilePond's `acceptedFileTypes` take. */
export const ACCEPTED_FILE_TYPES = [
  ...IMAGE_MIME_TYPES,
  'audio/*',
  'video/*',
  'application/pdf',
  'text/plain',
] as const;

/** How a file is shown: a picture, a player, or a link to download. */
export type FileKind = 'image' | 'audio' | 'video' | 'other';
export function fileKind(mime: string): FileKind {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'other';
}

/** A file attached to an item, as listed in the single item response. */
export const attachedFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** Streams the bytes (`GET /api/files/{id}`). */
  url: z.string(),
  /** A small WebP preview, for images the server could read. */
  thumbnail_url: z.string().optional(),
  /**
   * Present while the server is still making the image's preview (a background job, just after
   * the upload): ask again shortly. Absent once done, with or without `thumbnail_url`.
   */
  thumbnail_pending: z.literal(true).optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /**
   * A photo's day of capture (EXIF, the camera's calendar day), read once when it was uploaded:
   * in every answer listing files, the upload's attach answer included.
   */
  taken_on: z.iso.date().optional(),
  /** Where a photo was taken (EXIF GPS, degrees), read with the day. */
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  created_at: z.string(),
});
export type AttachedFile = z.infer<typeof attachedFileSchema>;
