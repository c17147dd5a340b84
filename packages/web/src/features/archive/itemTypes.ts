import { ITEM_TYPES, isItemType, type ItemType } from '@kinfolio/contract';
import type { ComponentType } from 'react';
import { MailIcon, MediaIcon, MessageIcon, PostIcon } from '@/shared/ui/icons';

/**
 * What differs between the four item types on screen, as data: the list address, the profile's
 * route parameter (spec §3 route identifiers), the icon. Labels are `archive:types.<type>.*`.
 */
export interface ItemTypeMeta {
  type: ItemType;
  /** `/posts`, `/mails`, `/messages`, `/medias`. */
  listPath: string;
  /** `post_id`, `mail_id`, `message_id`, `media_id`. */
  param: string;
  icon: ComponentType<{ size?: number }>;
}

export const ITEM_TYPE_META: Record<ItemType, ItemTypeMeta> = {
  post: { type: 'post', listPath: '/posts', param: 'post_id', icon: PostIcon },
  mail: { type: 'mail', listPath: '/mails', param: 'mail_id', icon: MailIcon },
  message: { type: 'message', listPath: '/messages', param: 'message_id', icon: MessageIcon },
  media: { type: 'media', listPath: '/medias', param: 'media_id', icon: MediaIcon },
};

/** The value of the profile parameter that opens the create form. */
export const NEW_ITEM = 'new';

/** `/posts/12/profile`, `/medias/new/profile`. */
export function profilePath(type: ItemType, id: number | typeof NEW_ITEM): string {
  return `${ITEM_TYPE_META[type].listPath}/${id}/profile`;
}

export function historyPath(type: ItemType, id: number): string {
  return `/history/${type}/${id}`;
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
