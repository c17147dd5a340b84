import { z } from 'zod';
import { CONTENT_LANGUAGES, LIMITS } from '../constants.js';
import { integerField, paginated } from './common.js';
import { ITEM_LIMITS } from './items.js';

/** Where an import stands; `undone` once everything it created went to the trash. */
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The kinds of sources recognised by their content (more come: Takeout, mail, WhatsApp). */
export const IMPORT_SOURCE_KINDS = ['photos'] as const;
export type ImportSourceKind = (typeof IMPORT_SOURCE_KINDS)[number];

/** Why an entry of a source was left out. */
export const IMPORT_SKIP_REASONS = ['unsupported', 'empty'] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

export const IMPORT_LIMITS = {
  /** A server-side path: an absolute path on the server. */
  pathMaxLength: 4096,
  /** Skipped entries and errors listed in a report (the counts go on). */
  reportedMax: 500,
} as const;

/** How an import runs; sent as JSON (`path`) or as multipart fields beside the file. */
export const importOptionsSchema = z.object({
  /** Link each picture to a category named after its folder (created when missing). */
  folder_categories: z.boolean().default(false),
  /** The language of the items created. */
  language: z.enum(CONTENT_LANGUAGES).optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

/** POST /api/imports with JSON: a file or folder on the server (admins only). */
export const importPathBody = importOptionsSchema.extend({
  path: z.string().trim().min(1).max(IMPORT_LIMITS.pathMaxLength),
});

export const importCountsSchema = z.object({
  created: z.number().int(),
  existing: z.number().int(),
  near_duplicates: z.number().int(),
  skipped: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importSchema = z.object({
  id: z.number().int(),
  /** What the source was recognised as; null until it is read. */
  source_kind: z.enum(IMPORT_SOURCE_KINDS).nullable(),
  origin: z.enum(['upload', 'path']),
  file_name: z.string(),
  created_by: z.string().nullable(),
  created_by_id: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  /** 0..100. */
  progress: z.number().int(),
  options: importOptionsSchema,
  counts: importCountsSchema,
  /** Entries left out, by path in the source, with the reason. */
  skipped: z.array(z.object({ name: z.string(), reason: z.enum(IMPORT_SKIP_REASONS) })),
  /** The entries the import created, by type (`media`, `categories`). */
  created: z.record(z.string(), z.array(z.number().int())),
  /** Created items that look like an item already there: for the user to decide. */
  near_duplicates: z.array(
    z.object({
      item_id: z.number().int(),
      similar_item_id: z.number().int(),
      distance: z.number().int(),
    }),
  ),
  /** Localised messages of what went wrong (a refused source, a failure). */
  errors: z.array(z.string()),
});
export type Import = z.infer<typeof importSchema>;

export const importPageSchema = paginated(importSchema);

export const importsQuery = z.object({
  page: integerField(1, ITEM_LIMITS.maxPage).default(1),
  per_page: integerField(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});

export const importSaved = z.object({ message: z.string(), import: importSchema });
