import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Import, ImportStatus, ItemType, NearDuplicateDecision } from '@kinfolio/contract';
import { call, type CallInput } from '@/shared/api/call';
import { fetchOptions } from '@/shared/query/preload';
import { mutationHook } from '@/shared/query/mutation';

/** The answers and mapping chosen on an import's preview. */
export type ImportStartBody = CallInput<'importStart'>['body'];

/** How often an import still moving is read again. */
const POLL_MS = 1500;

/** Statuses an import leaves by itself (the page polls while one is shown). */
const MOVING: readonly ImportStatus[] = ['analysing', 'queued', 'running'];
export const isMoving = (entry: Pick<Import, 'status'>) => MOVING.includes(entry.status);

export const importKeys = {
  all: ['imports'] as const,
  list: (page: number) => ['imports', 'list', page] as const,
  single: (id: number) => ['imports', 'single', id] as const,
  /** The archive's own key of an item, so both screens share what they read of it. */
  item: (type: ItemType, id: number) => ['items', type, 'single', id] as const,
  picture: (id: number) => importKeys.item('media', id),
};

export const importQueries = {
  /** `/imports`: past and running imports, polled while one of them moves. */
  list: (page = 1) =>
    queryOptions({
      queryKey: importKeys.list(page),
      queryFn: (context) => call('imports', { query: { page } }, fetchOptions(context)),
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.data.some(isMoving) ? POLL_MS : false),
    }),
  /** One import: polled while it is read, queued or running. */
  single: (id: number) =>
    queryOptions({
      queryKey: importKeys.single(id),
      queryFn: ({ signal }) =>
        call('importStatus', { params: { id } }, { signal, background: true }),
      refetchInterval: (query) =>
        query.state.data && !isMoving(query.state.data) ? false : POLL_MS,
    }),
  /** A picture of a near-duplicate pair: its title and thumbnail. */
  picture: (id: number) =>
    queryOptions({
      queryKey: importKeys.picture(id),
      queryFn: ({ signal }) => call('media.single', { params: { id } }, { signal }),
    }),
};

const stale = () => [importKeys.all];

export const useStartImport = mutationHook(
  ({ id, body }: { id: number; body: ImportStartBody }) =>
    call('importStart', { params: { id }, body }, { validationCheck: true }),
  stale,
);

export const useUndoImport = mutationHook(
  (id: number) => call('importUndo', { params: { id } }),
  // Undoing sends items to the trash: every list of the archive is stale too.
  () => [importKeys.all, ['items']],
);

/**
 * A near-duplicate reviewed: both kept, or the new picture to the trash (restorable from there);
 * the server keeps the decision, so the report shows it after a reload.
 */
export const useReviewNearDuplicate = mutationHook(
  ({ id, itemId, decision }: { id: number; itemId: number; decision: NearDuplicateDecision }) =>
    call('importNearDuplicate', { params: { id, item_id: itemId }, body: { decision } }),
  () => [importKeys.all, ['items']],
);
