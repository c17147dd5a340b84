import { z } from 'zod';
import { CONTENT_LANGUAGES, LIMITS } from '../constants.js';
import { idField, paginated, VALIDATION_KEYS, withoutNul } from './common.js';
import { attachedFileSchema } from './files.js';
import { translatedNameSchema } from './organisation.js';

/**
 * The archive's four item types. Everything about items (schemas, routes, server module, screens)
 * is written once and parameterised by one of these.
 */
export const ITEM_TYPES = ['post', 'mail', 'message', 'media'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** The API base of each type: lists are `{base}-all`, writes `POST {base}` and so on. */
export const ITEM_BASES = {
  post: '/api/posts',
  mail: '/api/mails',
  message: '/api/messages',
  media: '/api/medias',
} as const satisfies Record<ItemType, string>;

export function isItemType(value: unknown): value is ItemType {
  return typeof value === 'string' && (ITEM_TYPES as readonly string[]).includes(value);
}

/** New items are published; a draft is listed like any item, the web app labels it. */
export const ITEM_STATUSES = ['published', 'draft'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const ITEM_LIMITS = {
  titleMaxLength: 500,
  /** Characters of HTML (inline images as data: URLs count too); the body limit is 1 MiB. */
  contentMaxLength: 1_000_000,
  /** Participants, tags or categories on one item. */
  linksMax: 200,
  searchMaxLength: 200,
  maxPage: 1_000_000,
} as const;

const noNul = { message: VALIDATION_KEYS.invalidCharacter };
const languageField = z.enum(CONTENT_LANGUAGES);
const idList = z.array(idField).max(ITEM_LIMITS.linksMax);

/**
 * A calendar date (`1954-06-12`) or an ISO date-time with offset; stored and returned as a UTC
 * ISO string (`1954-06-12T00:00:00.000Z`), always with a four-digit year so text order is time
 * order.
 */
export const itemDateField = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .transform((value) => new Date(value).toISOString())
  .refine((value) => /^\d{4}-/.test(value));

const titleField = z.string().trim().max(ITEM_LIMITS.titleMaxLength).refine(withoutNul, noNul);
/** HTML; the server keeps only an allowlist of tags and attributes (no scripts, styles, events). */
const contentField = z.string().max(ITEM_LIMITS.contentMaxLength).refine(withoutNul, noNul);

/**
 * POST {base}. With `parent_id` the item is a translation of that original (same type, one per
 * language, not in the original's language); absent links and date are then copied from it.
 * `original_language` is never sent: an original's is its own language, a translation inherits
 * its original's. `date` defaults to now.
 */
export const itemCreateBody = z.object({
  title: titleField.default(''),
  content: contentField.default(''),
  from: idList.optional(),
  to: idList.optional(),
  tags: idList.optional(),
  categories: idList.optional(),
  date: itemDateField.optional(),
  language: languageField,
  parent_id: idField.nullable().optional(),
  status: z.enum(ITEM_STATUSES).default('published'),
});
export type ItemCreateBody = z.infer<typeof itemCreateBody>;

/**
 * PATCH {base}/{id}: absent fields are unchanged; a list replaces the whole list. Restoring an old
 * version is a PATCH with that revision's `data` (and so makes a new revision).
 */
export const itemUpdateBody = z.object({
  title: titleField.optional(),
  content: contentField.optional(),
  from: idList.optional(),
  to: idList.optional(),
  tags: idList.optional(),
  categories: idList.optional(),
  date: itemDateField.optional(),
  language: languageField.optional(),
  status: z.enum(ITEM_STATUSES).optional(),
});
export type ItemUpdateBody = z.infer<typeof itemUpdateBody>;

const pageField = z.coerce.number().int().min(1).max(ITEM_LIMITS.maxPage).default(1);
const perPageField = (fallback: number) =>
  z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(fallback);

/** Query of every item list: `page`, `per_page` (≤ 100) and an optional item `language`. */
export const itemListQuery = z.object({
  page: pageField,
  per_page: perPageField(LIMITS.pageSizeDefault),
  language: languageField.optional(),
});
export type ItemListQuery = z.infer<typeof itemListQuery>;
/** The trash lists (`-deleted`, `-deletedandrevisions`) default to 30 per page. */
export const itemTrashQuery = itemListQuery.extend({
  per_page: perPageField(LIMITS.pageSizeDeleted),
});
export const itemCorrelationQuery = z.object({
  page: pageField,
  per_page: perPageField(LIMITS.pageSizeCorrelation),
});
export const revisionListQuery = z.object({
  page: pageField,
  per_page: perPageField(LIMITS.pageSizeDefault),
});
const searchText = z
  .string()
  .max(ITEM_LIMITS.searchMaxLength)
  .refine(withoutNul, noNul)
  .default('');
/** `query` under 3 characters (trimmed) is ignored: the unfiltered list comes back. */
export const itemSearchQuery = itemListQuery.extend({ query: searchText });
export type ItemSearchQuery = z.infer<typeof itemSearchQuery>;
export const searchAllQuery = z.object({
  query: searchText,
  page: pageField,
  per_page: perPageField(LIMITS.pageSizeDefault),
});

/* Responses ----------------------------------------------------------------------------------- */

export const namedRef = z.object({ id: z.number().int(), name: z.string() });
export const translatedRef = z.object({ id: z.number().int(), name: translatedNameSchema });

/** One language version of an item, as listed in `translations` of a single item. */
export const itemVersionSchema = z.object({
  id: z.number().int(),
  language: z.string(),
  title: z.string(),
  parent_id: z.number().int().nullable(),
  deleted_at: z.string().nullable(),
});

const itemCommon = {
  id: z.number().int(),
  type: z.enum(ITEM_TYPES),
  title: z.string(),
  from: z.array(namedRef),
  to: z.array(namedRef),
  date: z.string(),
  language: z.string(),
  original_language: z.string(),
  parent_id: z.number().int().nullable(),
  status: z.enum(ITEM_STATUSES),
  tags: z.array(translatedRef),
  categories: z.array(translatedRef),
  /** Languages of the item's family that are not in the trash (itself always included), sorted. */
  languages: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
};

/** `-single/{id}` and write responses: the full item with its sanitised HTML content. */
export const itemSchema = z.object({
  ...itemCommon,
  content: z.string(),
  /** The original first, then its translations by language, trashed ones included. */
  translations: z.array(itemVersionSchema),
  revisions_count: z.number().int(),
  /** Attached files, oldest first. */
  files: z.array(attachedFileSchema),
});
export type Item = z.infer<typeof itemSchema>;

/** A list row: the content replaced by a 150-character plain-text preview. */
export const itemListRowSchema = z.object({
  ...itemCommon,
  preview: z.string(),
  revisions_count: z.number().int(),
  /**
   * Search lists only: about 75 characters each side of the first match, HTML-escaped, matches
   * wrapped in `<mark></mark>`; safe to render as HTML.
   */
  snippet: z.string().optional(),
});
export type ItemListRow = z.infer<typeof itemListRowSchema>;

export const itemPageSchema = paginated(itemListRowSchema);

/** One `-correlation` row: an original with all its language versions. */
export const correlationRowSchema = z.object({
  parent_id: z.number().int(),
  date: z.string(),
  original_language: z.string(),
  /** JSON text of `[{id, language, content}]`, content a 50-character plain preview. */
  translations: z.string(),
});
export type CorrelationRow = z.infer<typeof correlationRowSchema>;
export const correlationPageSchema = paginated(correlationRowSchema);
export const correlationEntrySchema = z.object({
  id: z.number().int(),
  language: z.string(),
  content: z.string(),
});
export type CorrelationEntry = z.infer<typeof correlationEntrySchema>;

/** The fields a revision keeps: exactly what a PATCH takes, so restoring is PATCH with `data`. */
export const revisionDataSchema = z.object({
  title: z.string(),
  content: z.string(),
  from: z.array(z.number().int()),
  to: z.array(z.number().int()),
  tags: z.array(z.number().int()),
  categories: z.array(z.number().int()),
  date: z.string(),
  language: z.string(),
  status: z.enum(ITEM_STATUSES),
});
export type RevisionData = z.infer<typeof revisionDataSchema>;

/** `-revision/{id}` rows, newest first: the version as it was before the change made `created_at`. */
export const revisionSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  /** Who made the change that replaced this version (null if unknown). */
  user: z.object({ id: z.number().int().nullable(), name: z.string() }),
  created_at: z.string(),
  data: revisionDataSchema,
  /** The same links with their current names (links to since-deleted rows are left out). */
  names: z.object({
    from: z.array(namedRef),
    to: z.array(namedRef),
    tags: z.array(translatedRef),
    categories: z.array(translatedRef),
  }),
});
export type Revision = z.infer<typeof revisionSchema>;
export const revisionPageSchema = paginated(revisionSchema);

/**
 * `GET /api/search`: hits of all four types grouped by original (a family). `versions` lists every
 * non-trashed language version of the family; those that matched carry `snippet`. Families are
 * ranked by their best hit; paginated like every list (the page counts families).
 */
export const searchGroupSchema = z.object({
  type: z.enum(ITEM_TYPES),
  original_id: z.number().int(),
  date: z.string(),
  versions: z.array(
    z.object({
      id: z.number().int(),
      language: z.string(),
      title: z.string(),
      preview: z.string(),
      matched: z.boolean(),
      snippet: z.string().optional(),
    }),
  ),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;
export const searchPageSchema = paginated(searchGroupSchema);

/* Write responses. */
export interface ItemSaved {
  message: string;
  item: Item;
}
/** PATCH: `revision` tells whether a previous version was stored (false when nothing changed). */
export interface ItemUpdated extends ItemSaved {
  revision: boolean;
}
