import { RECORD_BULK_LINK_KINDS, type RecordBulkBody } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import type { BulkDefinition } from '@/shared/entity/bulk/definition';
import { recordKeys } from './api';

/** The records' bulk actions: the people heard, the language, the trash; records have no status. */
export const RECORD_BULK: BulkDefinition = {
  links: RECORD_BULK_LINK_KINDS,
  status: false,
  shareAs: 'record_ids',
  editPermission: 'records.edit',
  stale: [recordKeys.all],
  // The bar's toast shows the answer's message with its Undo: no success toast of the client.
  send: (body) => call('recordBulk', { body: body as RecordBulkBody }, { quietSuccess: true }),
  hardDelete: (ids) => call('recordBulkHardDelete', { body: { ids } }),
  emptyTrash: () => call('recordEmptyTrash'),
};
