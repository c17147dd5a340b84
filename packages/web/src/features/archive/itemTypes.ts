import { ITEM_TYPES, type ItemType } from '@kinfolio/contract';
import type { ComponentType } from 'react';
import { DreamIcon, MailIcon, MediaIcon, MessageIcon, PostIcon } from '@/shared/ui/icons';
import { ITEM_TYPE_PATHS, type ItemTypePaths } from './itemPaths';

export * from './itemPaths';

/*
 * Adding an item type (say "dream"): add it to ITEM_TYPE_DEFS in the contract
 * (`schemas/item-constants.ts`, which gives the API routes and the server module), give it an
 * icon below, and write its `archive:types.dream.*` wording in fr, en, it and de. Its list
 * (`/dreams`), profile (`/dreams/$dream_id/profile`, `/dreams/profile`), history and correlation
 * screens, its navbar entry, its quick-search section and its own fields' inputs follow (a route
 * number, if any, goes in itemPaths.ts).
 */
const ITEM_TYPE_ICONS: Record<ItemType, ComponentType<{ size?: number }>> = {
  post: PostIcon,
  mail: MailIcon,
  message: MessageIcon,
  media: MediaIcon,
  dream: DreamIcon,
};

/**
 * What differs between the item types on screen, as data: the list address, the profile's route
 * (its route identifier), the icon. Labels are `archive:types.<type>.*`.
 */
export interface ItemTypeMeta extends ItemTypePaths {
  icon: ComponentType<{ size?: number }>;
}

export const ITEM_TYPE_META = Object.fromEntries(
  ITEM_TYPES.map((type) => [type, { ...ITEM_TYPE_PATHS[type], icon: ITEM_TYPE_ICONS[type] }]),
) as Record<ItemType, ItemTypeMeta>;
