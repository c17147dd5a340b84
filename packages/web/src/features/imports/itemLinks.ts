import { ITEM_BASES, type ItemType } from '@kinfolio/contract';

/*
 * Where the archive shows what an import created, from the types' API bases (`/api/medias` →
 * `/medias`), as features do not import each other.
 */

/** `/medias`: a type's list screen. */
export const listPathOf = (type: ItemType) => ITEM_BASES[type].slice('/api'.length);

/** `/medias/12/profile`: one item's profile. */
export const profilePathOf = (type: ItemType, id: number) => `${listPathOf(type)}/${id}/profile`;
