import { BULK_LINK_KINDS, ITEM_TYPES, type BulkBody, type ItemType } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import type { BulkDefinition } from '@/shared/entity/bulk/definition';
import { itemKeys } from './api';

function bulkOf(type: ItemType): BulkDefinition {
  return {
    links: BULK_LINK_KINDS,
    status: true,
    shareAs: 'ids',
    editPermission: 'content.edit',
    stale: [itemKeys.type(type)],
    // The bar's toast shows the answer's message with its Undo: no success toast of the client.
    send: (body) => call(`${type}.bulk`, { body: body as BulkBody }, { quietSuccess: true }),
    hardDelete: (ids) => call(`${type}.bulkHardDelete`, { body: { ids } }),
    emptyTrash: () => call(`${type}.emptyTrash`),
  };
}

/** Each item type's bulk actions: its links, its status, its routes. */
export const ITEM_BULK = Object.fromEntries(
  ITEM_TYPES.map((type) => [type, bulkOf(type)]),
) as Record<ItemType, BulkDefinition>;
