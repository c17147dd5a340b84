import { z } from 'zod';
import { importOptionsSchema } from './imports.js';

/**
 * A source sent in chunks (tus 1.0.0 at /api/import-uploads: POST creates it with `Upload-Length`
 * and `Upload-Metadata` `filename`, HEAD tells its `Upload-Offset`, PATCH appends bytes at that
 * offset, DELETE drops it), then imported with `POST /api/imports {upload_id}`.
 */
export const importUploadIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

export const importUploadParams = z.object({ id: importUploadIdSchema });

export const importUploadSchema = z.object({
  id: importUploadIdSchema,
  file_name: z.string(),
  /** Its whole size (`Upload-Length`). */
  length: z.number().int(),
  /** The bytes received so far (`Upload-Offset`). */
  offset: z.number().int(),
});
export type ImportUpload = z.infer<typeof importUploadSchema>;

/** POST /api/imports with JSON: a finished chunked upload (its creator only). */
export const importFromUploadBody = importOptionsSchema.extend({ upload_id: importUploadIdSchema });
