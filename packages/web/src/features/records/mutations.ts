import type { QueryClient } from '@tanstack/react-query';
import type { RecordEntity, RecordRevisionData } from '@kinfolio/contract';
import { mutationHook } from '@/shared/query/mutation';
import { recordKeys, recordsApi, type RecordCreateInput, type RecordUpdateInput } from './api';

/** Every write on a record makes the lists, the owners and its pages stale. */
const allRecords = () => [recordKeys.all];
/** The saved record is the record page's new answer. */
const showSaved = (queryClient: QueryClient, record: RecordEntity) =>
  queryClient.setQueryData(recordKeys.single(record.id), record);

export const useTrashRecord = mutationHook((id: number) => recordsApi.trash(id), allRecords);
export const useRestoreRecord = mutationHook((id: number) => recordsApi.restore(id), allRecords);
export const useHardDeleteRecord = mutationHook(
  (id: number) => recordsApi.hardDelete(id),
  allRecords,
);

/** History: a stored version's fields become the record's (itself a new revision). */
export const useRestoreRecordVersion = mutationHook(
  async ({ id, data }: { id: number; data: RecordRevisionData }) =>
    (await recordsApi.restoreVersion(id, data)).record,
  allRecords,
  showSaved,
);

/** The audio parts in a new order (all of them). */
export const useOrderParts = mutationHook(
  async ({ record, files }: { record: RecordEntity; files: number[] }) => ({
    ...record,
    files: (await recordsApi.orderParts(record.id, files)).files,
  }),
  allRecords,
  showSaved,
);

export const useDeletePart = mutationHook(
  ({ fileId }: { fileId: number; recordId: number }) => recordsApi.deletePart(fileId),
  allRecords,
);

/** What the record form saves: a new record or a record's changed fields; then the uploads. */
export type RecordSave =
  | { create: RecordCreateInput; uploads: string[] }
  | { record: RecordEntity; changes: RecordUpdateInput; uploads: string[] };

async function saveRecord(save: RecordSave): Promise<RecordEntity> {
  let saved: RecordEntity;
  if ('create' in save) {
    saved = (await recordsApi.create(save.create)).record;
  } else if (Object.keys(save.changes).length === 0 && save.uploads.length) {
    // Only new parts: attaching them is the whole save (a PATCH would say nothing changed).
    saved = save.record;
  } else {
    saved = (await recordsApi.update(save.record.id, save.changes)).record;
  }
  if (!save.uploads.length) return saved;
  try {
    const { files } = await recordsApi.attachParts(saved.id, save.uploads);
    const added = files.map((file, index) => ({
      ...file,
      position: saved.files.length + index,
    }));
    return {
      ...saved,
      files: [...saved.files, ...added],
      files_count: saved.files_count + added.length,
    };
  } catch {
    // The record is saved; the server's toast says why the parts were not attached.
    return saved;
  }
}

/** Creates or updates a record and attaches the finished FilePond uploads as its audio parts. */
export const useSaveRecord = mutationHook(saveRecord, allRecords, showSaved);
