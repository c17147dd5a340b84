import type { RecordEntity } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { mutationHook } from '@/shared/query/mutation';
import { recordResource } from './api';

/** The audio parts in a new order (all of them); the rest of a record's writes: recordResource. */
export const useOrderParts = mutationHook(
  async ({ record, files }: { record: RecordEntity; files: number[] }) => ({
    ...record,
    files: (await call('recordFilesOrder', { params: { id: record.id }, body: { files } })).files,
  }),
  () => [recordResource.keys.all],
  recordResource.showSaved,
);
