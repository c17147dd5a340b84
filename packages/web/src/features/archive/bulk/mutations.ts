import type { BulkBody, BulkResult, bulkBody, ItemType } from '@kinfolio/contract';
import type { z } from 'zod';
import { call } from '@/shared/api/call';
import { mutationHook } from '@/shared/query/mutation';
import { itemKeys } from '../api';

export type BulkInput = z.input<typeof bulkBody>;

/**
 * The bulk writes of a list, each one request (and one transaction on the server), each
 * refreshing the type's lists and pages. The answer's message is shown by the caller's toast,
 * with its Undo button, so the client's own success toast is silenced.
 */
const itemsOfType = ({ type }: { type: ItemType }) => [itemKeys.type(type)];

export const useBulkAction = mutationHook(
  ({ type, body }: { type: ItemType; body: BulkInput | BulkBody }): Promise<BulkResult> =>
    call(`${type}.bulk`, { body }, { quietSuccess: true }),
  itemsOfType,
);

export const useBulkHardDelete = mutationHook(
  ({ type, ids }: { type: ItemType; ids: number[] }): Promise<BulkResult> =>
    call(`${type}.bulkHardDelete`, { body: { ids } }),
  itemsOfType,
);

export const useEmptyTrash = mutationHook(
  ({ type }: { type: ItemType }): Promise<BulkResult> => call(`${type}.emptyTrash`),
  itemsOfType,
);
