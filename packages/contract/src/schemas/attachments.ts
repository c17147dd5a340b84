import { z } from 'zod';
import { idField } from './common.js';
import { attachedFileSchema, FILE_LIMITS } from './files.js';
import { ITEM_TYPES, type ItemType } from './items.js';

/** What files can be attached to: an item of any type, or an audio record. */
export type FileOwnerType = ItemType | 'record';
const FILE_OWNER_TYPES: readonly FileOwnerType[] = [...ITEM_TYPES, 'record'];

/**
 * Laravel clients name the model by class (`App\Models\Media`, `App\Models\Record`) or by table
 * (`medias`, `records`); both map to the owner type.
 */
export function modelTypeOf(value: string): FileOwnerType | undefined {
  const base = (value.split('\\').pop() ?? '').toLowerCase();
  const singular = base.endsWith('s') ? base.slice(0, -1) : base;
  return FILE_OWNER_TYPES.find((type) => type === base || type === singular);
}

/** FilePond server ids: opaque random tokens handed out by the process route. */
export const serverIdField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/);

/** PATCH /api/medias/addfilepond: attach temporary uploads to an item or a record. */
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
