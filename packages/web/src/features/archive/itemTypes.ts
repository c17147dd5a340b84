import { ITEM_BASES, ITEM_TYPES, isItemType, type ItemType } from '@kinfolio/contract';
import type { ComponentType } from 'react';
import { DreamIcon, MailIcon, MediaIcon, MessageIcon, PostIcon } from '@/shared/ui/icons';

/*
 * Adding an item type (say "dream"): add it to ITEM_TYPE_DEFS in the contract
 * (`schemas/item-constants.ts`, which gives the API routes and the server module), give it an
 * icon below, and write its `archive:types.dream.*` wording in fr, en, it and de. Its list
 * (`/dreams`), profile (`/dreams/$dream_id/profile`, `/dreams/profile`), history and correlation
 * screens, its navbar entry, its quick-search section and its own fields' inputs follow.
 */
const ITEM_TYPE_SCREENS: Record<ItemType, ItemTypeScreen> = {
  post: { icon: PostIcon },
  mail: { icon: MailIcon },
  message: { icon: MessageIcon },
  // Spec §2: the medias list is numbered route 1 (slide direction between numbered routes).
  media: { icon: MediaIcon, routeNumber: 1 },
  dream: { icon: DreamIcon },
};

interface ItemTypeScreen {
  icon: ComponentType<{ size?: number }>;
  routeNumber?: number;
}

/** `/posts` for `post`: a type's screens live at its API base's name (spec §3). */
type ListPathOf<T extends ItemType> = (typeof ITEM_BASES)[T] extends `/api${infer P}` ? P : never;
export type ItemListPath = { [T in ItemType]: ListPathOf<T> }[ItemType];
export type ItemProfilePath = {
  [T in ItemType]: `${ListPathOf<T>}/$${T}_id/profile`;
}[ItemType];
export type ItemNewProfilePath = { [T in ItemType]: `${ListPathOf<T>}/profile` }[ItemType];

/**
 * What differs between the item types on screen, as data: the list address, the profile's route
 * (spec §3 route identifiers), the icon. Labels are `archive:types.<type>.*`.
 */
export interface ItemTypeMeta extends ItemTypeScreen {
  type: ItemType;
  /** `/posts`, `/mails`, `/messages`, `/medias`. */
  listPath: ItemListPath;
  /** `post_id`, `mail_id`, `message_id`, `media_id`. */
  param: string;
  /** `/posts/$post_id/profile`: the router's pattern of the profile. */
  profileRoute: ItemProfilePath;
  /** `/posts/profile`: the profile without an id (spec §2), the create form. */
  newProfileRoute: ItemNewProfilePath;
}

function metaOf(type: ItemType): ItemTypeMeta {
  const listPath = ITEM_BASES[type].slice('/api'.length) as ItemListPath;
  return {
    type,
    listPath,
    param: `${type}_id`,
    profileRoute: `${listPath}/$${type}_id/profile` as ItemProfilePath,
    newProfileRoute: `${listPath}/profile` as ItemNewProfilePath,
    ...ITEM_TYPE_SCREENS[type],
  };
}

export const ITEM_TYPE_META = Object.fromEntries(
  ITEM_TYPES.map((type) => [type, metaOf(type)]),
) as Record<ItemType, ItemTypeMeta>;

/** The value of the profile parameter that opens the create form. */
export const NEW_ITEM = 'new';

/** `/posts/12/profile`, `/medias/new/profile`. */
export function profilePath(type: ItemType, id: number | typeof NEW_ITEM): string {
  return `${ITEM_TYPE_META[type].listPath}/${id}/profile`;
}

export function historyPath(type: ItemType, id: number): string {
  return `/history/${type}/${id}`;
}

/** `/history`, or `/history/post`: the feed of recent changes, of every type or one. */
export function historyFeedPath(type?: ItemType): string {
  return type ? `/history/${type}` : '/history';
}

export function correlationPath(type: ItemType): string {
  return `/correlation/${type}`;
}

/** A `{type}` route segment: the type name (`post`) or its list name (`posts`). */
export function parseTypeParam(value: string | undefined): ItemType | null {
  if (isItemType(value)) return value;
  const found = ITEM_TYPES.find((type) => ITEM_TYPE_META[type].listPath === `/${value ?? ''}`);
  return found ?? null;
}

/** A positive integer id from a route segment, else null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2 ** 31 - 1 ? id : null;
}
