import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { saved } from '../responses.js';
import { idField, integerField, paginated, VALIDATION_KEYS, withoutNul } from './common.js';
import { ITEM_LIMITS, ITEM_TYPES, type ItemType } from './item-constants.js';

/**
 * Share links: what a relative without an account may open through a link. One item of any type
 * (its base's name: `posts`, `medias`…), a record, a category with its subtree (followed as it
 * changes), everything a participant appears in, everything tagged with a tag, or a selection of
 * items and records fixed when the link is made.
 */
export const SHARE_ITEM_TARGETS = ITEM_TYPES.map((type) => `${type}s` as const) as [
  `${ItemType}s`,
  ...`${ItemType}s`[],
];
export const SHARE_LIST_TARGETS = ['categories', 'participants', 'tags', 'selection'] as const;
export const SHARE_TARGET_TYPES = [
  ...SHARE_ITEM_TARGETS,
  'records',
  ...SHARE_LIST_TARGETS,
] as const;
export type ShareTargetType = (typeof SHARE_TARGET_TYPES)[number];

/** The item type a target names, or null for records and lists. */
export function shareItemType(target: ShareTargetType): ItemType | null {
  const type = target.endsWith('s') ? target.slice(0, -1) : target;
  return (ITEM_TYPES as readonly string[]).includes(type) ? (type as ItemType) : null;
}

export const SHARE_LIMITS = {
  /** Items (and records) one selection may hold. */
  selectionMax: 1000,
  labelMaxLength: 200,
  passwordMinLength: 4,
  passwordMaxLength: 200,
  /** Random bytes of a token (base64url: 43 characters). */
  tokenBytes: 32,
  /** Longest token a public route reads; anything longer is simply unknown. */
  tokenMaxLength: 128,
  /** How long an unlock cookie opens its link. */
  unlockMinutes: 60,
  /** Unknown tokens and wrong passwords an address may try per window before a 429. */
  guessesMax: 20,
  guessWindowSeconds: 600,
} as const;

const noNul = { message: VALIDATION_KEYS.invalidCharacter };
const expiresField = z.iso.datetime({ offset: true }).nullable();
const passwordField = z
  .string()
  .min(SHARE_LIMITS.passwordMinLength)
  .max(SHARE_LIMITS.passwordMaxLength)
  .refine(withoutNul, noNul)
  .nullable();
const labelField = z
  .string()
  .trim()
  .max(SHARE_LIMITS.labelMaxLength)
  .refine(withoutNul, noNul)
  .nullable();
const idList = z.array(idField).max(SHARE_LIMITS.selectionMax);

/** What a link shows besides the content itself. */
const optionFields = {
  /** People's names (senders, receivers, people heard, a record's owner). */
  show_names: z.boolean(),
  /** The original files may be downloaded (thumbnails and playable media are served anyway). */
  allow_download: z.boolean(),
  /** An item's other language versions, as tabs. */
  include_translations: z.boolean(),
};

/**
 * POST /api/shares. `target_id` names the shared item, record, category, participant or tag;
 * a `selection` takes `ids` (items of any type) and/or `record_ids` instead, fixed at creation.
 * `expires_at` in the future, or null (never). A password, when set, must be typed by the
 * visitor before anything is shown.
 */
export const shareCreateBody = z
  .object({
    target_type: z.enum(SHARE_TARGET_TYPES),
    target_id: idField.optional(),
    ids: idList.optional(),
    record_ids: idList.optional(),
    expires_at: expiresField.optional(),
    password: passwordField.optional(),
    show_names: optionFields.show_names.default(true),
    allow_download: optionFields.allow_download.default(false),
    include_translations: optionFields.include_translations.default(true),
    label: labelField.optional(),
  })
  .superRefine((body, context) => {
    if (body.target_type === 'selection') {
      if (!body.ids?.length && !body.record_ids?.length) {
        context.addIssue({ code: 'custom', path: ['ids'], message: VALIDATION_KEYS.required });
      }
    } else if (body.target_id === undefined) {
      context.addIssue({ code: 'custom', path: ['target_id'], message: VALIDATION_KEYS.required });
    }
  });
export type ShareCreateBody = z.infer<typeof shareCreateBody>;

/** PATCH /api/shares/{id}: absent fields unchanged; `password: null` removes the password. */
export const shareUpdateBody = z.object({
  expires_at: expiresField.optional(),
  password: passwordField.optional(),
  show_names: optionFields.show_names.optional(),
  allow_download: optionFields.allow_download.optional(),
  include_translations: optionFields.include_translations.optional(),
  label: labelField.optional(),
});
export type ShareUpdateBody = z.infer<typeof shareUpdateBody>;

/**
 * GET /api/shares: newest first, revoked and expired links included. An admin sees everyone's
 * links unless `mine=1`. `target_type` + `target_id` keep the links of one thing (the dialog on
 * an item lists them).
 */
export const shareListQuery = z.object({
  page: integerField(1, ITEM_LIMITS.maxPage).default(1),
  per_page: integerField(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  mine: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  target_type: z.enum(SHARE_TARGET_TYPES).optional(),
  target_id: idField.optional(),
});
export type ShareListQuery = z.infer<typeof shareListQuery>;

/** A link as its maker (or an admin) sees it; the token itself is never shown again. */
export const shareSchema = z.object({
  id: z.number().int(),
  target_type: z.enum(SHARE_TARGET_TYPES),
  /** Null for a selection. */
  target_id: z.number().int().nullable(),
  /**
   * The shared thing's title or name in the request's language; null for a selection, or when
   * the target is gone (the link then shows nothing).
   */
  target_title: z.string().nullable(),
  /** Items and records a selection holds; null for other targets. */
  selection_size: z.number().int().nullable(),
  label: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Whether `expires_at` has passed (the link answers 410). */
  expired: z.boolean(),
  has_password: z.boolean(),
  ...optionFields,
  /** Public page views (the link's first page opened); files and further pages are not counted. */
  views: z.number().int(),
  last_viewed_at: z.string().nullable(),
  /** Who made it (`id` null once their account is gone). */
  created_by: z.object({ id: z.number().int().nullable(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  revoked: z.boolean(),
  revoked_at: z.string().nullable(),
});
export type Share = z.infer<typeof shareSchema>;
export const sharePageSchema = paginated(shareSchema);

/**
 * POST /api/shares answer. The link is shown this once: only the token's SHA-256 is stored, so
 * nobody (not even an admin) can read it again; a lost link is revoked and made anew.
 */
export const shareCreatedSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  /** At least 128 random bits, base64url. */
  token: z.string(),
  /** `${APP_URL}/s/${token}`. */
  url: z.string(),
  share: shareSchema,
});
export type ShareCreated = z.infer<typeof shareCreatedSchema>;
export const shareSavedSchema = saved('share', shareSchema);

/* Public side ------------------------------------------------------------------------------- */

/** Path parameters of the public routes: a token of any spelling (a bad one is just unknown). */
export const publicTokenParams = z.object({
  token: z.string().max(SHARE_LIMITS.tokenMaxLength).catch(''),
});
export const publicItemParams = publicTokenParams.extend({ id: idField });
export const publicFileParams = publicTokenParams.extend({ fileId: idField });

/**
 * GET /api/public/{token}: `page`, `per_page` and `q` page and search a list share (words of
 * titles and texts, accents and case ignored, inside what was shared only); ignored otherwise.
 */
export const publicShareQuery = z.object({
  page: integerField(1, ITEM_LIMITS.maxPage).default(1),
  per_page: integerField(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  q: z.string().trim().max(ITEM_LIMITS.searchMaxLength).refine(withoutNul, noNul).default(''),
});
export type PublicShareQuery = z.infer<typeof publicShareQuery>;

/**
 * `?thumb=1`: the small WebP preview instead of the file; `?preview=1`: a large one (a picture's
 * longest side FILE_LIMITS.previewPx), never the original's bytes. `?download=1`: as an attachment.
 */
export const publicFileQuery = z.object({
  preview: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  thumb: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  download: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

/** POST /api/public/{token}/unlock. */
export const publicUnlockBody = z.object({
  password: z.string().max(SHARE_LIMITS.passwordMaxLength).refine(withoutNul, noNul),
});

/**
 * A file of what was shared. Every address goes through the link: `url` streams the original
 * inline (Range for seeking), present for audio and video always and for any other file only when
 * the link allows downloads (null otherwise: the original answers 403); `thumbnail_url` is its
 * WebP preview when there is one (always served); `download_url` (the original as an attachment)
 * only when downloads are allowed.
 */
export const publicFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Seconds, for audio and video when known. */
  duration: z.number().nullable(),
  url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /**
   * A picture's large WebP preview (longest side 1,600 px at most) for the lightbox, served even
   * when downloads are not allowed; null for anything else.
   */
  preview_url: z.string().nullable(),
  download_url: z.string().nullable(),
});
export type PublicFile = z.infer<typeof publicFileSchema>;

/** One language version of a shared item (its translations, when the link includes them). */
export const publicItemVersionSchema = z.object({
  id: z.number().int(),
  language: z.string(),
  title: z.string(),
  /**
   * Sanitised HTML as the app renders it. Links to items of the share point to
   * `/s/{token}/items/{id}` (records `/s/{token}/records/{id}`); links to anything else are
   * plain text.
   */
  content: z.string(),
  date: z.string(),
  files: z.array(publicFileSchema),
});

/** A shared item. People's names are empty lists when the link hides names. */
export const publicItemSchema = publicItemVersionSchema.extend({
  type: z.enum(ITEM_TYPES),
  original_language: z.string(),
  from: z.array(z.string()),
  to: z.array(z.string()),
  /** Tag names in the request's language. */
  tags: z.array(z.string()),
  /** The other language versions, not in the trash; empty when the link leaves them out. */
  translations: z.array(publicItemVersionSchema),
});
export type PublicItem = z.infer<typeof publicItemSchema>;

/** A shared record: its audio parts in order and its transcript with `[hh:mm:ss]` time codes. */
export const publicRecordSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The day (or moment) it was recorded, or null. */
  date: z.string().nullable(),
  location: z.string(),
  language: z.string(),
  summary: z.string(),
  /** Who keeps it; null when the link hides names. */
  owner: z.string().nullable(),
  /** The people heard; empty when the link hides names. */
  people: z.array(z.string()),
  /** Plain text; `[hh:mm:ss]` (or `[mm:ss]`) marks time codes (see TIME_CODE_PATTERN). */
  transcript: z.string(),
  parts: z.array(publicFileSchema.extend({ position: z.number().int() })),
  /** The parts joined into one MP3, when it is ready. */
  mp3_url: z.string().nullable(),
  /** Seconds, the parts together, when every part's is known. */
  duration: z.number().nullable(),
});
export type PublicRecord = z.infer<typeof publicRecordSchema>;

/** A row of a list share: open it with `…/items/{id}` or `…/records/{id}`. */
export const publicEntrySchema = z.object({
  type: z.enum([...ITEM_TYPES, 'record']),
  id: z.number().int(),
  title: z.string(),
  date: z.string().nullable(),
  language: z.string(),
  /** About 150 characters of plain text. */
  preview: z.string(),
  thumbnail_url: z.string().nullable(),
  files_count: z.number().int(),
});
export type PublicEntry = z.infer<typeof publicEntrySchema>;

export const publicItemContentSchema = z.object({
  kind: z.literal('item'),
  item: publicItemSchema,
});
export const publicRecordContentSchema = z.object({
  kind: z.literal('record'),
  record: publicRecordSchema,
});
export const publicListContentSchema = z.object({
  kind: z.literal('list'),
  data: z.array(publicEntrySchema),
  meta: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
export const publicContentSchema = z.discriminatedUnion('kind', [
  publicItemContentSchema,
  publicRecordContentSchema,
  publicListContentSchema,
]);
export type PublicContent = z.infer<typeof publicContentSchema>;

/** What the page says around the content. */
export const publicShareInfoSchema = z.object({
  target_type: z.enum(SHARE_TARGET_TYPES),
  /** The label, else the shared thing's title or name (a person's only when names are shown). */
  title: z.string().nullable(),
  /** The display name of who made the link ("shared by …"). */
  shared_by: z.string(),
  expires_at: z.string().nullable(),
  ...optionFields,
  site: z.object({
    /** The archive's name, when one is set; null otherwise (the page says "Family archive"). */
    name: z.string().nullable(),
    /** The sharer's site picture (banner), through the link, or null. */
    picture_url: z.string().nullable(),
  }),
});
export type PublicShareInfo = z.infer<typeof publicShareInfoSchema>;

export const publicShareSchema = z.object({
  share: publicShareInfoSchema,
  content: publicContentSchema,
});
export type PublicShare = z.infer<typeof publicShareSchema>;

/**
 * The 401 of a link with a password not yet unlocked (no content): `password_required` tells the
 * page to ask for it; a wrong password is a 401 without it.
 */
export const publicLockedSchema = z.object({
  message: z.string(),
  password_required: z.literal(true),
});
