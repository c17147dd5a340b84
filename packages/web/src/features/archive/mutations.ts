import type { ItemType } from '@kinfolio/contract';
import { mutationHook } from '@/shared/query/mutation';
import { filesApi, itemKeys, itemsApi } from './api';

/** The archive's writes on one item, each with the cached lists and pages it makes stale. */
type ItemRef = { type: ItemType; id: number };
const itemsOfType = ({ type }: ItemRef) => [itemKeys.type(type)];

export const useRestoreItem = mutationHook(
  ({ type, id }: ItemRef) => itemsApi.restore(type, id),
  itemsOfType,
);
export const useHardDeleteItem = mutationHook(
  ({ type, id }: ItemRef) => itemsApi.hardDelete(type, id),
  itemsOfType,
);
/** Detaches a translation into an original of its own. */
export const useSeparateItem = mutationHook(
  ({ type, id }: ItemRef) => itemsApi.separate(type, id),
  itemsOfType,
);
/** Deletes one file of an item: the item's page shows its files. */
export const useDeleteFile = mutationHook(
  ({ fileId }: { fileId: number; item: ItemRef }) => filesApi.delete(fileId),
  ({ item }) => [itemKeys.single(item.type, item.id)],
);
