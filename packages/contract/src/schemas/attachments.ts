import { z } from 'zod';
import { idField } from './common.js';
import { attachedFileSchema, FILE_LIMITS } from './files.js';
import { ITEM_TYPES, type ItemType } from './items.js';

/**
 * Laravel clients name the model by class (`App\Models\Media`) or by table (`medias`); both map to
 * the item type.
 */
export function modelTypeOf(value: string): ItemType | undefined {
  const base = (value.split('\\').pop() ?? '').toLowerCase();
  const singular = base.endsWith('s') ? base.slice(0, -1) : base;
  return ITEM_TYPES.find((type) => type === base || type === singular);
}

/** FilePond server ids: opaque random tokens handed out by the process route. */
export const serverIdField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/);

/** PATCH /api/medias/addfilepond: attach temporary uploads to an item (spec §7). */
export const addFilepondBody = z.object({
  newmedias: z.array(serverIdField).min(1).max(FILE_LIMITS.perRequest),
  modelId: idField,
  modelType: z
    .string()
    .max(100)
    .transform((value, ctx) => {
      const type = modelTypeOf(value);
      if (!type) {
        ctx.addIssue({ code: 'custom', message: 'validation.model_type' });
        return z.NEVER;
      }
      return type;
    }),
});
export type AddFilepondBody = z.input<typeof addFilepondBody>;

export const filesAttachedSchema = z.object({
  message: z.string(),
  files: z.array(attachedFileSchema),
});
export type FilesAttached = z.infer<typeof filesAttachedSchema>;

/** `GET /api/files/{id}?thumb=1` sends the thumbnail instead of the file. */
export const fileDownloadQuery = z.object({
  thumb: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});
