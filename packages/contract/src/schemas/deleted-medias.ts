import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { integerField, paginated } from './common.js';
import { attachedFileSchema } from './files.js';
import { ITEM_LIMITS } from './item-constants.js';

/** Bounds of the retention settings, in days. */
export const RETENTION_LIMITS = {
  maxDays: 3650,
  /** Deleted medias are kept this long unless DELETED_MEDIA_RETENTION_DAYS or the admin says. */
  deletedMediaDefaultDays: 30,
} as const;

/** Where a deleted media came from, as it was when it was deleted. */
export const deletedMediaOriginSchema = z.object({
  kind: z.enum(['item', 'record']),
  id: z.number().int(),
  /** The item's type (`post`, `media`…) or `record`. */
  type: z.string(),
  /** The owner's title when the file was deleted (may be empty). */
  title: z.string(),
  /** Whether the owner still exists outside the trash (a restore goes back there). */
  live: z.boolean(),
});

/** A file kept in the deleted medias (admin only). */
export const deletedMediaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** The bytes, for administrators only while deleted. */
  url: z.string(),
  thumbnail_url: z.string().optional(),
  origin: deletedMediaOriginSchema,
  deleted_at: z.string(),
  deleted_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When the retention job purges it (the setting may change it). */
  purge_at: z.string(),
});
export type DeletedMedia = z.infer<typeof deletedMediaSchema>;

export const deletedMediaPageSchema = paginated(deletedMediaSchema);

export const deletedMediasQuery = z.object({
  page: integerField(1, ITEM_LIMITS.maxPage).default(1),
  per_page: integerField(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});

export const deletedMediaRestored = z.object({
  message: z.string(),
  file: attachedFileSchema,
  /** Where the file went: its owner, or the `media` item made for it (`created`). */
  owner: z.object({
    kind: z.enum(['item', 'record']),
    id: z.number().int(),
    type: z.string(),
    title: z.string(),
  }),
  created: z.boolean(),
});
export type DeletedMediaRestored = z.infer<typeof deletedMediaRestored>;

export const deletedMediasPurged = z.object({
  message: z.string(),
  count: z.number().int(),
});

/** The retention settings (admin): days a deleted media is kept; days in the trash, 0 = kept. */
export const retentionSettingsSchema = z.object({
  deleted_media_retention_days: integerField(1, RETENTION_LIMITS.maxDays),
  trash_retention_days: integerField(0, RETENTION_LIMITS.maxDays),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

export const retentionSettingsSaved = retentionSettingsSchema.extend({ message: z.string() });
