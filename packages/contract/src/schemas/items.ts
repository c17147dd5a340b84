import { z } from 'zod';
import { saved } from '../responses.js';
import { CONTENT_LANGUAGES, LIMITS } from '../constants.js';
import { idField, integerField, paginated, VALIDATION_KEYS, withoutNul } from './common.js';
import { attachedFileSchema } from './files.js';
import { translatedNameSchema } from './organisation.js';
import { placeField, placeSchema, placeValueSchema } from './places.js';
import {
  ITEM_LIMITS,
  ITEM_STATUSES,
  ITEM_TYPES,
  itemFieldsOf,
  type ItemType,
} from './item-constants.js';

export * from './item-constants.js';

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

/** An item's own fields as answered and kept in revisions (see `ItemFieldDef`). */
export const itemFieldsValueSchema = z.record(
  z.string(),
  z.union([z.string(), z.boolean(), z.null()]),
);

/**
 * The own fields a write of this type accepts: each optional (absent: unchanged, or empty on
 * create), an enum's value or null, a flag true or false; an unknown name is refused.
 */
export function itemFieldsSchema(type: ItemType) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, def] of itemFieldsOf(type)) {
    shape[name] = (def.kind === 'boolean' ? z.boolean() : z.enum(def.values).nullable()).optional();
  }
  return z.strictObject(shape) as unknown as typeof itemFieldsValueSchema;
}

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
  /** The type's own fields (`itemFieldsSchema`); a translation copies its original's. */
  fields: itemFieldsValueSchema.optional(),
  /** Where it happened; a picture's GPS position fills it at upload when it has none. */
  place: placeField,
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
  /** Only the fields named change. */
  fields: itemFieldsValueSchema.optional(),
  /** A place replaces the item's; null clears it. */
  place: placeField,
});
export type ItemUpdateBody = z.infer<typeof itemUpdateBody>;

/** The create body of one type: its own fields checked by the type's definition. */
export function itemCreateBodyOf(type: ItemType): typeof itemCreateBody {
  return itemCreateBody.extend({ fields: itemFieldsSchema(type).optional() });
}
export function itemUpdateBodyOf(type: ItemType): typeof itemUpdateBody {
  return itemUpdateBody.extend({ fields: itemFieldsSchema(type).optional() });
}

const pageField = integerField(1, ITEM_LIMITS.maxPage).default(1);
const perPageField = (fallback: number) => integerField(1, LIMITS.pageSizeMax).default(fallback);

/** Query of every item list: `page`, `per_page` (≤ 100) and an optional item `language`. */
export const itemListQuery = z.object({
  page: pageField,
  per_page: perPageField(LIMITS.pageSizeDefault),
  language: languageField.optional(),
});
export type ItemListQuery = z.infer<typeof itemListQuery>;
/** How a list is ordered: by date, newest or oldest first, or by title (A to Z). */
export const ITEM_SORTS = ['newest', 'oldest', 'title'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];
/** A search's orders: by relevance (best match first, the default), or as a list is. */
export const SEARCH_SORTS = ['relevance', ...ITEM_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** A calendar day (`1954-06-12`) bounding a list's dates; both bounds are included. */
const dayField = z.iso.date();

/**
 * Filters every list takes, combined with each other and with the route's own
 * (a `-category/{id}` list with `tag=3` shows that category's items with that tag).
 */
const itemFilters = {
  /** The category and all its descendants. */
  category: idField.optional(),
  /** Items the participant sent or received. */
  participant: idField.optional(),
  tag: idField.optional(),
  /** Items dated on or after this day (UTC). */
  date_from: dayField.optional(),
  /** Items dated on or before this day (UTC). */
  date_to: dayField.optional(),
  sort: z.enum(ITEM_SORTS).default('newest'),
  /**
   * One entry per story (an original and its translations): the version in this language when
   * the story has a live one, else the original (or, with the original in the trash, its oldest
   * live translation). The row's `languages` lists the story's other versions.
   */
  story_language: languageField.optional(),
};

/** `-all`, `-category/{id}`, `-participant/{id}` and `-tag/{id}`: the list query and filters. */
export const itemFilterQuery = itemListQuery.extend(itemFilters);
export type ItemFilterQuery = z.infer<typeof itemFilterQuery>;

/** The trash lists (`-deleted`, `-deletedandrevisions`) default to 30 per page. */
export const itemTrashQuery = itemListQuery.extend({
  ...itemFilters,
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
  .default('')
  .describe(
    'Words to find (accents and case ignored; the last one also as the start of a word), best ' +
      `match first. A search looks at ${LIMITS.searchMatchesMax} matching items at most: when ` +
      'more match (a common word), the most recently added of them, those with the words in ' +
      'their title first, then newest first; `meta.total` stops at that number.',
  );
/**
 * `query` under 3 characters (trimmed) is ignored: the unfiltered list comes back. The filters of
 * the lists narrow the matches, and `sort` orders them (relevance unless told). Results are the
 * `LIMITS.searchMatchesMax` most recently added matches at most, ranked by relevance, or for a
 * word in more items than that, titles first, then newest.
 */
export const itemSearchQuery = itemListQuery.extend({
  query: searchText,
  ...itemFilters,
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  /** Ignored by a search: it finds every version that matches. */
  story_language: languageField.optional(),
});
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
  /** The type's own fields, every one present (`{}` for a type without any). */
  fields: itemFieldsValueSchema,
  tags: z.array(translatedRef),
  categories: z.array(translatedRef),
  /** Languages of the item's family that are not in the trash (itself always included), sorted. */
  languages: z.array(z.string()),
  /** Where it happened, or null. */
  place: placeSchema.nullable(),
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
  /** How many files are attached. */
  files_count: z.number().int(),
  /** The thumbnail of the item's first picture (oldest attached image), or null. */
  thumbnail_url: z.string().nullable(),
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
  /** Absent from revisions stored before the type had fields. */
  fields: itemFieldsValueSchema.default({}),
  /** Absent from revisions stored before items had places. */
  place: placeValueSchema.nullable().default(null),
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
 * ranked by their best hit; paginated like every list (the page counts families). Like the
 * per-type search, it looks at the `LIMITS.searchMatchesMax` most recently added matching items.
 */
export const searchGroupSchema = z.object({
  /** `record`: an audio record (`original_id` its id, one version in its `lang`). */
  type: z.enum([...ITEM_TYPES, 'record']),
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
      /** A record matched in one of its segments: that segment (where to play from). */
      segment: z
        .object({
          id: z.number().int(),
          title: z.string(),
          start: z.number(),
          time_code: z.string(),
        })
        .optional(),
    }),
  ),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;
export const searchPageSchema = paginated(searchGroupSchema);

/* Write responses. */
export const itemSavedSchema = saved('item', itemSchema);
export type ItemSaved = z.infer<typeof itemSavedSchema>;
/** PATCH: `revision` tells whether a previous version was stored (false when nothing changed). */
export const itemUpdatedSchema = itemSavedSchema.extend({ revision: z.boolean() });
export type ItemUpdated = z.infer<typeof itemUpdatedSchema>;
/** What the history feed follows: the item types, and `records`. */
export const HISTORY_TYPES = [...ITEM_TYPES, 'records'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/**
 * `GET /api/history`: the archive's recent changes, newest first, optionally of one type (an
 * item type, or `records`).
 */
export const historyFeedQuery = z.object({
  type: z.enum(HISTORY_TYPES).optional(),
  page: pageField,
  per_page: perPageField(LIMITS.pageSizeDefault),
});
export type HistoryFeedQuery = z.infer<typeof historyFeedQuery>;

/**
 * One change: an item or a record created, or edited (`revision_id`: the stored version it
 * replaced, whose diff its history shows). `item` is the entry as it is now (a record: `type`
 * `records`, its summary's or transcript's start as `preview`); `user` null when unknown (a
 * record's creation).
 */
export const historyEntrySchema = z.object({
  kind: z.enum(['created', 'updated']),
  revision_id: z.number().int().nullable(),
  created_at: z.string(),
  user: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  item: z.object({
    id: z.number().int(),
    type: z.enum(HISTORY_TYPES),
    title: z.string(),
    preview: z.string(),
    language: z.string(),
    deleted_at: z.string().nullable(),
  }),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyPageSchema = paginated(historyEntrySchema);
