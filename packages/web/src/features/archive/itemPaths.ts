import {
  ITEM_BASES,
  ITEM_TYPES,
  isItemType,
  type HistoryType,
  type ItemType,
} from '@kinfolio/contract';

/*
 * The item types' addresses, for the route table (in the entry); itemTypes.ts adds what they show
 * (icons), which the first screen's code does not need.
 */

/** The medias list is numbered route 1 (slide direction between numbered routes). */
const ROUTE_NUMBERS: Partial<Record<ItemType, number>> = { media: 1 };

/** `/posts` for `post`: a type's screens live at its API base's name . */
type ListPathOf<T extends ItemType> = (typeof ITEM_BASES)[T] extends `/api${infer P}` ? P : never;
export type ItemListPath = { [T in ItemType]: ListPathOf<T> }[ItemType];
export type ItemProfilePath = {
  [T in ItemType]: `${ListPathOf<T>}/$${T}_id/profile`;
}[ItemType];
export type ItemNewProfilePath = { [T in ItemType]: `${ListPathOf<T>}/profile` }[ItemType];

/** Where a type's screens live (its route identifier). */
export interface ItemTypePaths {
  type: ItemType;
  /** `/posts`, `/mails`, `/messages`, `/medias`. */
  listPath: ItemListPath;
  /** `post_id`, `mail_id`, `message_id`, `media_id`. */
  param: string;
  /** `/posts/$post_id/profile`: the router's pattern of the profile. */
  profileRoute: ItemProfilePath;
  /** `/posts/profile`: the profile without an id , the create form. */
  newProfileRoute: ItemNewProfilePath;
  routeNumber?: number;
}

function pathsOf(type: ItemType): ItemTypePaths {
  const listPath = ITEM_BASES[type].slice('/api'.length) as ItemListPath;
  return {
    type,
    listPath,
    param: `${type}_id`,
    profileRoute: `${listPath}/$${type}_id/profile` as ItemProfilePath,
    newProfileRoute: `${listPath}/profile` as ItemNewProfilePath,
    ...(ROUTE_NUMBERS[type] === undefined ? {} : { routeNumber: ROUTE_NUMBERS[type] }),
  };
}

export const ITEM_TYPE_PATHS = Object.fromEntries(
  ITEM_TYPES.map((type) => [type, pathsOf(type)]),
) as Record<ItemType, ItemTypePaths>;

/** The value of the profile parameter that opens the create form. */
export const NEW_ITEM = 'new';

/** `/posts/12/profile`, `/medias/new/profile`. */
export function profilePath(type: ItemType, id: number | typeof NEW_ITEM): string {
  return `${ITEM_TYPE_PATHS[type].listPath}/${id}/profile`;
}

export function historyPath(type: ItemType, id: number): string {
  return `/history/${type}/${id}`;
}

/**
 * `/history`, `/history/post` or `/history/records`: the feed of recent changes, of every type or
 * one (records too).
 */
export function historyFeedPath(type?: HistoryType): string {
  return type ? `/history/${type}` : '/history';
}

/** A feed's `{type}` segment: an item type (see parseTypeParam), or `records`. */
export function parseFeedTypeParam(value: string | undefined): HistoryType | null {
  return value === 'records' ? 'records' : parseTypeParam(value);
}

export function correlationPath(type: ItemType): string {
  return `/correlation/${type}`;
}

/** A `{type}` route segment: the type name (`post`) or its list name (`posts`). */
export function parseTypeParam(value: string | undefined): ItemType | null {
  if (isItemType(value)) return value;
  const found = ITEM_TYPES.find((type) => ITEM_TYPE_PATHS[type].listPath === `/${value ?? ''}`);
  return found ?? null;
}

/** A positive integer id from a route segment, else null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2 ** 31 - 1 ? id : null;
}
