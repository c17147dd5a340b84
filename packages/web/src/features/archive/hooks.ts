import type { ItemType } from '@kinfolio/contract';
import { useParams, useRouterState, useSearch } from '@tanstack/react-router';
import { ITEM_TYPE_META } from './itemTypes';
import type { ArchiveSearch } from './listSearch';

/** The item type of the current route (its static data), for the generic list and profile. */
export function useItemType(): ItemType {
  return useRouterState({ select: (s) => s.matches.at(-1)?.staticData.itemType }) ?? 'post';
}

/** The profile route's parameter (`post_id`, …): `new` or a validated positive id. */
export function useProfileId(type: ItemType): number | 'new' {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const raw = params[ITEM_TYPE_META[type].param];
  return raw === 'new' || raw === undefined ? 'new' : Number(raw);
}

export function useArchiveSearch(): ArchiveSearch {
  return useSearch({ strict: false }) as ArchiveSearch;
}
