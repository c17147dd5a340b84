import type { QueryClient } from '@tanstack/react-query';
import type { Item, ItemType, RevisionData } from '@kinfolio/contract';
import { mutationHook } from '@/shared/query/mutation';
import { filesApi, itemKeys, itemsApi, type ItemCreateInput, type ItemUpdateInput } from './api';

/** The archive's writes on one item, each with the cached lists and pages it makes stale. */
type ItemRef = { type: ItemType; id: number };
const itemsOfType = ({ type }: { type: ItemType }) => [itemKeys.type(type)];
/** The saved item is the item page's new answer. */
const showSaved = (queryClient: QueryClient, item: Item) =>
  queryClient.setQueryData(itemKeys.single(item.type, item.id), item);

/** Moves an item to the trash (its page still opens, saying so). */
export const useTrashItem = mutationHook(
  ({ type, id }: ItemRef) => itemsApi.trash(type, id),
  itemsOfType,
);
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
/** History: a stored version's fields become the item's (itself a new revision). */
export const useRestoreVersion = mutationHook(
  async ({ type, id, data }: ItemRef & { data: RevisionData }) =>
    (await itemsApi.restoreVersion(type, id, data)).item,
  itemsOfType,
  showSaved,
);

/** What the item form saves: a new item, or an item's changed fields; then the uploads. */
export type ItemSave =
  | { type: ItemType; create: ItemCreateInput; uploads: string[] }
  | { type: ItemType; item: Item; changes: ItemUpdateInput; uploads: string[] };

async function saveItem(save: ItemSave): Promise<Item> {
  let saved: Item;
  if ('create' in save) {
    saved = (await itemsApi.create(save.type, save.create)).item;
  } else if (Object.keys(save.changes).length === 0 && save.uploads.length) {
    // Only new files: attaching them is the whole save, and its message the only one (a PATCH
    // would also say "Nothing has changed").
    saved = save.item;
  } else {
    saved = (await itemsApi.update(save.type, save.item.id, save.changes)).item;
  }
  if (!save.uploads.length) return saved;
  try {
    const { files } = await filesApi.attach(save.type, saved.id, save.uploads);
    return { ...saved, files: [...saved.files, ...files] };
  } catch {
    // The item is saved; the server's toast says why the files were not attached.
    return saved;
  }
}

/** Creates or updates an item and attaches the finished FilePond uploads to it. */
export const useSaveItem = mutationHook(saveItem, itemsOfType, showSaved);
