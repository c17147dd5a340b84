import { z } from 'zod';
import { idField } from './common.js';
import { ITEM_TYPES } from './item-constants.js';

/**
 * Exports an admin can start (downloads tab): JSON (items with translations, people, tags,
 * categories), CSV (one row per item and language), a zipped readable HTML site with the files,
 * or the mails as zipped `.eml` files.
 */
export const EXPORT_FORMATS = ['json', 'csv', 'html', 'eml'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What an export holds: every live item of one type, or of one category and its subtree. */
export const EXPORT_SCOPES = ['type', 'category'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/**
 * Starting an export: `type` is needed with the `type` scope, `category_id` with `category`;
 * `.eml` takes the mails only (the `mail` type, or the mails of a category).
 */
export const exportCreateBody = z.object({
  scope: z.enum(EXPORT_SCOPES),
  type: z.enum(ITEM_TYPES).optional(),
  category_id: idField.optional(),
  format: z.enum(EXPORT_FORMATS),
});
export type ExportCreateBody = z.infer<typeof exportCreateBody>;

export const exportSchema = z.object({
  id: z.number().int(),
  scope: z.enum(EXPORT_SCOPES),
  /** The item type, or the category's id (as text). */
  scope_value: z.string(),
  /** The category's name in the asker's language (null for a type, or a deleted category). */
  scope_label: z.string().nullable(),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** 0..100. */
  progress: z.number().int(),
  /** The file's name once written. */
  file_name: z.string().nullable(),
  size: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  created_by: z.string().nullable(),
  /** The failure's first line, when it failed. */
  error: z.string().nullable(),
  /** Where to download it once done. */
  url: z.string().nullable(),
});
export type ExportInfo = z.infer<typeof exportSchema>;

export const exportSaved = z.object({ message: z.string(), export: exportSchema });

/** What the downloads list holds: the archive's exports, its backups and its records' MP3s. */
export const DOWNLOAD_KINDS = ['export', 'backup', 'mp3'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

export const downloadSchema = z.object({
  kind: z.enum(DOWNLOAD_KINDS),
  /** Unique in the list, e.g. `export-12`, `mp3-4`. */
  key: z.string(),
  name: z.string(),
  size: z.number().int(),
  date: z.string(),
  /** Who made it (null when nobody in particular: a generated MP3, a scheduled backup). */
  who: z.string().nullable(),
  url: z.string().nullable(),
  /** The export's own state, for exports (null otherwise). */
  export: exportSchema.nullable(),
});
export type DownloadEntry = z.infer<typeof downloadSchema>;

export const downloadListSchema = z.object({ data: z.array(downloadSchema) });

export const exportIdParam = z.object({ id: idField });
