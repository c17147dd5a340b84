import { z } from 'zod';
import { CONTENT_LANGUAGES } from '../constants.js';
import { idField } from './common.js';
import { ITEM_LIMITS, ITEM_STATUSES } from './items.js';

/**
 * Bulk operations on selected items of one type (POST {base}-bulk and {base}-bulk-harddelete):
 * one request, one transaction; any unknown id, id of another type or refused change is a 422
 * that changes nothing.
 */
export const BULK_MAX_IDS = 500;

/** Message keys the server localises (the cap is named in the message). */
export const BULK_KEYS = {
  tooMany: 'bulk.too_many',
  empty: 'bulk.empty',
} as const;

const bulkIds = z
  .array(idField)
  .min(1, { message: BULK_KEYS.empty })
  .max(BULK_MAX_IDS, { message: BULK_KEYS.tooMany });

/** The item links a bulk action can add or remove: participants (by role), tags, categories. */
export const BULK_LINK_KINDS = ['from', 'to', 'tags', 'categories'] as const;
export type BulkLinkKind = (typeof BULK_LINK_KINDS)[number];

const linkValues = z.array(idField).min(1).max(ITEM_LIMITS.linksMax);
const linkList = z.array(idField).max(ITEM_LIMITS.linksMax);
const languageField = z.enum(CONTENT_LANGUAGES);
const statusField = z.enum(ITEM_STATUSES);

/**
 * One item's earlier state, as an undo gives it back: only the fields the bulk action changed.
 * `trashed` puts the item in the trash or takes it out.
 */
export const bulkRevertItem = z.object({
  id: idField,
  from: linkList.optional(),
  to: linkList.optional(),
  tags: linkList.optional(),
  categories: linkList.optional(),
  language: languageField.optional(),
  status: statusField.optional(),
  trashed: z.boolean().optional(),
});

/**
 * `link`/`unlink` add or remove the `values` of a kind of link; `language`, `status` set them;
 * `trash`/`restore` move items in and out of the trash; `revert` puts items back as an answer's
 * `undo` describes them (and answers with the undo of that: a redo).
 */
export const bulkBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('link'),
    ids: bulkIds,
    kind: z.enum(BULK_LINK_KINDS),
    values: linkValues,
  }),
  z.object({
    action: z.literal('unlink'),
    ids: bulkIds,
    kind: z.enum(BULK_LINK_KINDS),
    values: linkValues,
  }),
  z.object({ action: z.literal('language'), ids: bulkIds, language: languageField }),
  z.object({ action: z.literal('status'), ids: bulkIds, status: statusField }),
  z.object({ action: z.literal('trash'), ids: bulkIds }),
  z.object({ action: z.literal('restore'), ids: bulkIds }),
  z.object({
    action: z.literal('revert'),
    items: z
      .array(bulkRevertItem)
      .min(1, { message: BULK_KEYS.empty })
      .max(BULK_MAX_IDS, { message: BULK_KEYS.tooMany }),
  }),
]);
export type BulkBody = z.infer<typeof bulkBody>;
export type BulkAction = BulkBody['action'];

/** POST {base}-bulk-harddelete: items in the trash, deleted for good (no undo). */
export const bulkIdsBody = z.object({ ids: bulkIds });
export type BulkIdsBody = z.infer<typeof bulkIdsBody>;

const ids = z.array(z.number().int());
/** What a client sends back to undo a bulk action: a `revert` of the items that changed. */
export const bulkUndoSchema = z.object({
  action: z.literal('revert'),
  items: z.array(
    z.object({
      id: z.number().int(),
      from: ids.optional(),
      to: ids.optional(),
      tags: ids.optional(),
      categories: ids.optional(),
      language: languageField.optional(),
      status: statusField.optional(),
      trashed: z.boolean().optional(),
    }),
  ),
});
export type BulkUndo = z.infer<typeof bulkUndoSchema>;

/**
 * A bulk action's answer: how many items changed and which (items already as asked are left
 * alone), and the request that undoes it, or null when it cannot be undone (deletion for good)
 * or nothing changed.
 */
export const bulkResultSchema = z.object({
  message: z.string(),
  changed: z.number().int(),
  ids,
  undo: bulkUndoSchema.nullable(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
