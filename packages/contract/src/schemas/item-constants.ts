/**
 * The item constants, apart from the schemas (items.ts re-exports them): the web app's first
 * screen needs these, and importing them from here keeps zod and the schemas out of its bundle.
 */

/**
 * The archive's four item types. Everything about items (schemas, routes, server module, screens)
 * is written once and parameterised by one of these. A new type is added here and in ITEM_BASES,
 * then given its icon in the web app's `features/archive/itemTypes.ts` (which says what follows).
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
