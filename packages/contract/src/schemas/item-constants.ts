/**
 * The item constants, apart from the schemas (items.ts re-exports them): the web app's first
 * screen needs these, and importing them from here keeps zod and the schemas out of its bundle.
 */

/**
 * A field of an item type's own (beside title, content, links, date…): an enum of a few values
 * (worded `archive:types.<type>.fields.<field>.<value>`), or a yes/no flag. Values live in the
 * item's `fields` object, are validated on write from this definition (`itemFieldsSchema`), kept
 * in revisions and compared in the history; the web form and read view draw them from it too.
 */
export type ItemFieldDef =
  { kind: 'enum'; values: readonly [string, ...string[]] } | { kind: 'boolean' };

export interface ItemTypeDef {
  /** The API base: lists are `{base}-all`, writes `POST {base}`; the web list is the same name. */
  base: `/api/${string}`;
  /** The type's own fields, by name (empty for most types). */
  fields: Readonly<Record<string, ItemFieldDef>>;
}

/**
 * The archive's item types: everything about items (schemas, routes, server module, screens,
 * search, demo data, tests) is written once and parameterised by one of these. A new type is one
 * entry here, plus its icon in the web app's `features/archive/itemTypes.ts`, its
 * `archive:types.<type>.*` wording in the four locales and a migration widening the `items.type`
 * constraint (see `0017_item_types.ts`).
 */
export const ITEM_TYPE_DEFS = {
  post: { base: '/api/posts', fields: {} },
  mail: { base: '/api/mails', fields: {} },
  message: { base: '/api/messages', fields: {} },
  media: { base: '/api/medias', fields: {} },
  /** A family dream journal: how the dream felt and whether it keeps coming back. */
  dream: {
    base: '/api/dreams',
    fields: {
      mood: { kind: 'enum', values: ['joyful', 'peaceful', 'strange', 'sad', 'frightening'] },
      recurring: { kind: 'boolean' },
    },
  },
} as const satisfies Record<string, ItemTypeDef>;

export type ItemType = keyof typeof ITEM_TYPE_DEFS;
export const ITEM_TYPES = Object.keys(ITEM_TYPE_DEFS) as [ItemType, ...ItemType[]];

/** The API base of each type: lists are `{base}-all`, writes `POST {base}` and so on. */
export const ITEM_BASES = Object.fromEntries(
  ITEM_TYPES.map((type) => [type, ITEM_TYPE_DEFS[type].base]),
) as { [T in ItemType]: (typeof ITEM_TYPE_DEFS)[T]['base'] };

/** A value of an item's own field: an enum's value or null (not said), or a flag. */
export type ItemFieldValue = string | boolean | null;
/** An item's own fields by name, all of its type's present (`{}` for a type without any). */
export type ItemFields = Record<string, ItemFieldValue>;

/** The type's own field definitions, as a list of [name, definition]. */
export function itemFieldsOf(type: ItemType): [string, ItemFieldDef][] {
  return Object.entries(ITEM_TYPE_DEFS[type].fields as Readonly<Record<string, ItemFieldDef>>);
}

/** A field's value when nothing was said: null for an enum, false for a flag. */
export function emptyFieldValue(def: ItemFieldDef): ItemFieldValue {
  return def.kind === 'boolean' ? false : null;
}

/**
 * Every field of the type with its value from `values` when valid, else its empty value (reading
 * stored or revision JSON written before a field existed, or of another shape).
 */
export function completeFields(type: ItemType, values: unknown): ItemFields {
  const source = values && typeof values === 'object' ? (values as Record<string, unknown>) : {};
  const out: ItemFields = {};
  for (const [name, def] of itemFieldsOf(type)) {
    const value = source[name];
    out[name] =
      def.kind === 'boolean'
        ? typeof value === 'boolean'
          ? value
          : false
        : typeof value === 'string' && (def.values as readonly string[]).includes(value)
          ? value
          : null;
  }
  return out;
}

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
