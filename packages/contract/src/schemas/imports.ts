import { z } from 'zod';
import { CONTENT_LANGUAGES, LIMITS } from '../constants.js';
import { idField, integerField, paginated } from './common.js';
import { ITEM_LIMITS } from './items.js';

/**
 * Where an import stands: `analysing` then `ready` (its preview waits for the user's go, when
 * asked with `preview`), `queued`, `running`, `done` or `failed`; `undone` once everything it
 * created went to the trash.
 */
export const IMPORT_STATUSES = [
  'analysing',
  'ready',
  'queued',
  'running',
  'done',
  'failed',
  'undone',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The kinds of sources recognised by their content. */
export const IMPORT_SOURCE_KINDS = ['takeout', 'mail', 'whatsapp', 'photos', 'gedcom'] as const;
export type ImportSourceKind = (typeof IMPORT_SOURCE_KINDS)[number];

/**
 * How a near-duplicate was reviewed: both pictures kept, or the new one moved to the trash
 * (restorable from there).
 */
export const NEAR_DUPLICATE_DECISIONS = ['kept', 'trashed'] as const;
export type NearDuplicateDecision = (typeof NEAR_DUPLICATE_DECISIONS)[number];

/** Why an entry of a source was left out. */
export const IMPORT_SKIP_REASONS = ['unsupported', 'empty', 'unreadable', 'too_large'] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

/** The longest key of a person found in a source (an e-mail address at most 320). */
const IMPORT_PERSON_KEY_MAX = 320;

export const IMPORT_LIMITS = {
  /** A server-side path: an absolute path on the server. */
  pathMaxLength: 4096,
  /** Skipped entries and errors listed in a report (the counts go on). */
  reportedMax: 500,
  /** Created items of each type whose titles an import's report gives (the first ones). */
  titledPerType: 12,
} as const;

/** What a source may leave open, for the user to answer before the import runs. */
export const IMPORT_QUESTIONS = ['date_order', 'time_zone'] as const;
export type ImportQuestion = (typeof IMPORT_QUESTIONS)[number];

/**
 * How an import runs; sent as JSON (`path`, `upload_id`) or as multipart fields beside the file
 * (`people` as a JSON text there).
 */
export const importOptionsSchema = z.object({
  /** Link each picture to a category named after its folder (created when missing). */
  folder_categories: z.boolean().default(false),
  /** The language of the items created. */
  language: z.enum(CONTENT_LANGUAGES).optional(),
  /** Stop once the source is read (`ready`, with its preview) until `POST …/start`. */
  preview: z.boolean().default(false),
  /**
   * How each person found in the source (by the preview's `key`: an address, an author's name)
   * is taken: an existing participant's id, or null for a participant of their own (found by
   * the same name, else created). People not listed are taken as null.
   */
  people: z
    .record(z.string().min(1).max(IMPORT_PERSON_KEY_MAX), z.number().int().positive().nullable())
    .default({}),
  /** WhatsApp: one message item per chat and day (default), or one per message. */
  one_item_per: z.enum(['day', 'message']).default('day'),
  /** Dates written as numbers only, when the source cannot tell: `day_first` (31/12) or not. */
  date_order: z.enum(['day_first', 'month_first']).optional(),
  /** The time zone of times written without one (an IANA name, `Europe/Paris`). */
  time_zone: z.string().trim().min(1).max(64).optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

/** POST /api/imports with JSON: a file or folder on the server (admins only). */
export const importPathBody = importOptionsSchema.extend({
  path: z.string().trim().min(1).max(IMPORT_LIMITS.pathMaxLength),
});

/**
 * What reading the source through found, before anything was written: what would be created by
 * kind (`media`, `mails`, `messages`, `participants`, `categories`, `tags`, `files`), what is
 * there already, the dates' range, the people found, and what the user must answer.
 */
export const importPreviewSchema = z.object({
  counts: z.record(z.string(), z.number().int()),
  existing: z.number().int(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  people: z.array(
    z.object({
      /** What `options.people` maps: an address (lower case), an author's name. */
      key: z.string(),
      name: z.string(),
      /** How many entries (mails, messages, photos) they appear in. */
      count: z.number().int(),
      /** The existing participant they would be taken as (same name), else null: a new one. */
      participant_id: z.number().int().nullable(),
      participant_name: z.string().nullable(),
    }),
  ),
  questions: z.array(z.enum(IMPORT_QUESTIONS)),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importCountsSchema = z.object({
  created: z.number().int(),
  existing: z.number().int(),
  near_duplicates: z.number().int(),
  skipped: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importSchema = z.object({
  id: z.number().int(),
  /** What the source was recognised as (the first of its kinds); null until it is read. */
  source_kind: z.enum(IMPORT_SOURCE_KINDS).nullable(),
  /** Every kind the source holds (a whole Takeout: `takeout` and `mail`); empty until it is read. */
  source_kinds: z.array(z.enum(IMPORT_SOURCE_KINDS)),
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
  /**
   * The titles of the first `IMPORT_LIMITS.titledPerType` items of each type created, by id
   * (`GET /api/imports/{id}` and the answers about one import; empty in the list).
   */
  created_titles: z.record(z.string(), z.string()),
  /** Created items that look like an item already there: for the user to decide. */
  near_duplicates: z.array(
    z.object({
      item_id: z.number().int(),
      similar_item_id: z.number().int(),
      distance: z.number().int(),
      /** What the user decided (`POST …/near-duplicates/{item_id}`); null while not reviewed. */
      decision: z.enum(NEAR_DUPLICATE_DECISIONS).nullable(),
    }),
  ),
  /** Localised messages of what went wrong (a refused source, a failure). */
  errors: z.array(z.string()),
  /** Once the source was read with `preview` (status `ready` and after); else null. */
  preview: importPreviewSchema.nullable(),
});
export type Import = z.infer<typeof importSchema>;

export const importPageSchema = paginated(importSchema);

export const importsQuery = z.object({
  page: integerField(1, ITEM_LIMITS.maxPage).default(1),
  per_page: integerField(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});

export const nearDuplicateParams = z.object({ id: idField, item_id: idField });

/** POST /api/imports/{id}/near-duplicates/{item_id}: the review of one pair. */
export const nearDuplicateBody = z.object({ decision: z.enum(NEAR_DUPLICATE_DECISIONS) }).strict();

/** POST /api/imports/{id}/start: the answers and mapping chosen on the preview. */
export const importStartBody = z
  .object({
    folder_categories: importOptionsSchema.shape.folder_categories.unwrap().optional(),
    language: importOptionsSchema.shape.language,
    people: importOptionsSchema.shape.people.unwrap().optional(),
    one_item_per: importOptionsSchema.shape.one_item_per.unwrap().optional(),
    date_order: importOptionsSchema.shape.date_order,
    time_zone: importOptionsSchema.shape.time_zone,
  })
  .strict();

export const importSaved = z.object({ message: z.string(), import: importSchema });
