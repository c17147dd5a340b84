import type { ItemType } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { mutationHook } from '@/shared/query/mutation';
import { itemKeys } from './api';

/** Detaches a translation into an original of its own (the rest of an item's writes: itemResource). */
export const useSeparateItem = mutationHook(
  ({ type, id }: { type: ItemType; id: number }) => call(`${type}.separate`, { params: { id } }),
  ({ type }) => [itemKeys.type(type)],
);
