import { mutationHook } from '@/shared/query/mutation';
import type { BulkDefinition, BulkLink, BulkRequest } from './definition';

/**
 * The bulk writes of a list, each one request (and one transaction on the server), each
 * refreshing the kind's lists and pages. The answer's message is shown by the caller's toast,
 * with its Undo button, so the definition's `send` silences the client's own success toast.
 */
type Of = { bulk: BulkDefinition };
const stale = ({ bulk }: Of) => bulk.stale;

export const useBulkAction = mutationHook(
  ({ bulk, body }: Of & { body: BulkRequest<BulkLink> | unknown }) => bulk.send(body),
  stale,
);

export const useBulkHardDelete = mutationHook(
  ({ bulk, ids }: Of & { ids: number[] }) => bulk.hardDelete(ids),
  stale,
);

export const useEmptyTrash = mutationHook(({ bulk }: Of) => bulk.emptyTrash(), stale);
