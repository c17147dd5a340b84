import { z } from 'zod';
import { CONTENT_LANGUAGES } from '../constants.js';
import { idField } from './common.js';
import { ITEM_LIMITS, ITEM_STATUSES } from './items.js';
import { placeInput, placeValueSchema } from './places.js';

/**
 * Bulk operations on selected entries of one kind (items of one type, or records): one request,
 * one transaction; any unknown id, id of another kind or refused change is a 422 that changes
 * nothing. Items and records share the shapes; they differ only in the links a bulk action can
 * add or remove and in whether entries have a status.
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

const linkValues = z.array(idField).min(1).max(ITEM_LIMITS.linksMax);
const linkList = z.array(idField).max(ITEM_LIMITS.linksMax);
const languageField = z.enum(CONTENT_LANGUAGES);
const statusField = z.enum(ITEM_STATUSES);
const ids = z.array(z.number().int());

/**
 * The request, undo and answer schemas of one kind's bulk routes. `linkKinds` are the links a
 * bulk action can add or remove; `ownFields` the other fields an undo can give back (a status).
 */
function bulkSchemasOf<
  const K extends readonly [string, ...string[]],
  E extends Record<string, z.ZodOptional<z.ZodType>>,
>(linkKinds: K, ownFields: E) {
  const kind = z.enum(linkKinds);
  /** One entry's earlier state, as an undo gives it back: only the fields the action changed. */
  const linkFields = (list: z.ZodType<number[]>) =>
    Object.fromEntries(linkKinds.map((name) => [name, list.optional()])) as {
      [P in K[number]]: z.ZodOptional<z.ZodType<number[]>>;
    };
  const revertShape = {
    ...linkFields(linkList),
    language: languageField.optional(),
    /** The place as it was (null: none). */
    place: placeValueSchema.nullable().optional(),
    ...ownFields,
    /** Puts the entry in the trash or takes it out. */
    trashed: z.boolean().optional(),
  };
  const revertItem = z.object({ id: idField, ...revertShape });
  const undoItem = z.object({ id: z.number().int(), ...linkFields(ids), ...revertShape });
  /** The actions every kind has; a kind with a status adds `status` (see `statusAction`). */
  const actions = [
    z.object({ action: z.literal('link'), ids: bulkIds, kind, values: linkValues }),
    z.object({ action: z.literal('unlink'), ids: bulkIds, kind, values: linkValues }),
    z.object({ action: z.literal('language'), ids: bulkIds, language: languageField }),
    /** Sets one place on every entry (null clears it). */
    z.object({ action: z.literal('place'), ids: bulkIds, place: placeInput.nullable() }),
    z.object({ action: z.literal('trash'), ids: bulkIds }),
    z.object({ action: z.literal('restore'), ids: bulkIds }),
    z.object({
      action: z.literal('revert'),
      items: z
        .array(revertItem)
        .min(1, { message: BULK_KEYS.empty })
        .max(BULK_MAX_IDS, { message: BULK_KEYS.tooMany }),
    }),
  ] as const;
  const undo = z.object({ action: z.literal('revert'), items: z.array(undoItem) });
  /**
   * A bulk action's answer: how many entries changed and which (those already as asked are left
   * alone), and the request that undoes it, or null when it cannot be undone (deletion for good)
   * or nothing changed.
   */
  const result = z.object({
    message: z.string(),
    changed: z.number().int(),
    ids,
    undo: undo.nullable(),
  });
  return { kind, revertItem, actions, undo, result };
}

/** The item links a bulk action can add or remove: participants (by role), tags, categories. */
export const BULK_LINK_KINDS = ['from', 'to', 'tags', 'categories'] as const;
export type BulkLinkKind = (typeof BULK_LINK_KINDS)[number];

const itemBulk = bulkSchemasOf(BULK_LINK_KINDS, { status: statusField.optional() });
const statusAction = z.object({ action: z.literal('status'), ids: bulkIds, status: statusField });

/**
 * `link`/`unlink` add or remove the `values` of a kind of link; `language`, `status` set them;
 * `trash`/`restore` move items in and out of the trash; `revert` puts items back as an answer's
 * `undo` describes them (and answers with the undo of that: a redo).
 */
export const bulkRevertItem = itemBulk.revertItem;
export const bulkBody = z.discriminatedUnion('action', [...itemBulk.actions, statusAction]);
export type BulkBody = z.infer<typeof bulkBody>;
export type BulkAction = BulkBody['action'];
/** What a client sends back to undo a bulk action: a `revert` of the items that changed. */
export const bulkUndoSchema = itemBulk.undo;
export type BulkUndo = z.infer<typeof bulkUndoSchema>;
export const bulkResultSchema = itemBulk.result;
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** POST {base}-bulk-harddelete: entries in the trash, deleted for good (no undo). */
export const bulkIdsBody = z.object({ ids: bulkIds });
export type BulkIdsBody = z.infer<typeof bulkIdsBody>;

/** The record links a bulk action can add or remove: the people heard. Records have no status. */
export const RECORD_BULK_LINK_KINDS = ['people'] as const;
export type RecordBulkLinkKind = (typeof RECORD_BULK_LINK_KINDS)[number];

const recordBulk = bulkSchemasOf(RECORD_BULK_LINK_KINDS, {});

/** POST /api/records-bulk: as the items' bulk route, on records (which have no status). */
export const recordBulkBody = z.discriminatedUnion('action', [...recordBulk.actions]);
export type RecordBulkBody = z.infer<typeof recordBulkBody>;
export const recordBulkUndoSchema = recordBulk.undo;
export type RecordBulkUndo = z.infer<typeof recordBulkUndoSchema>;
export const recordBulkResultSchema = recordBulk.result;
export type RecordBulkResult = z.infer<typeof recordBulkResultSchema>;

/**
 * Whether a bulk request moves entries in or out of the trash: `trash`, `restore`, or a `revert`
 * that gives an entry back its trash state. Those need the route's `trashAccess` as well.
 */
export function movesTrash(body: unknown): boolean {
  if (!body || typeof body !== 'object' || !('action' in body)) return false;
  const { action } = body;
  if (action === 'trash' || action === 'restore') return true;
  if (action !== 'revert' || !('items' in body) || !Array.isArray(body.items)) return false;
  return body.items.some(
    (item: unknown) =>
      !!item && typeof item === 'object' && 'trashed' in item && item.trashed !== undefined,
  );
}
