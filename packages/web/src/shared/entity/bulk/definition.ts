import type { QueryKey } from '@tanstack/react-query';
import type { ContentLanguage, ItemStatus, Permission, PlaceValue } from '@kinfolio/contract';

/**
 * The links a bulk action can add or remove, over all kinds of entries: participants by role
 * (`from`, `to`) and tags and categories for items, the people heard for records.
 */
export type BulkLink = 'from' | 'to' | 'tags' | 'categories' | 'people';

/** The bulk requests the selection's bar sends, in the contract's shapes. */
export type BulkRequest<Link extends BulkLink> =
  | { action: 'link' | 'unlink'; ids: number[]; kind: Link; values: number[] }
  | { action: 'language'; ids: number[]; language: ContentLanguage }
  | { action: 'status'; ids: number[]; status: ItemStatus }
  | { action: 'place'; ids: number[]; place: PlaceValue | null }
  | { action: 'trash' | 'restore'; ids: number[] };

/** A bulk answer: its localised message, and the request that undoes it (null: none). */
export interface BulkAnswer<Undo> {
  message: string;
  undo: Undo | null;
}

/**
 * What a kind of entries (items of one type, records) offers to the selection's bar: which links
 * and fields it changes, who may do it, and its three bulk routes.
 */
export interface BulkDefinition<Link extends BulkLink = BulkLink, Undo = unknown> {
  links: readonly Link[];
  /** Whether entries have a status (draft, published) the bar can set. */
  status: boolean;
  /** How a selection of these entries is shared (items by `ids`, records by `record_ids`). */
  shareAs: 'ids' | 'record_ids';
  /** Who may change, trash and restore entries; deleting for good needs `content.delete`. */
  editPermission: Permission;
  /** The cached answers a bulk write makes stale. */
  stale: readonly QueryKey[];
  // Methods, so that a definition of one kind is a `BulkDefinition` of any (the bar is generic).
  send(body: BulkRequest<Link> | Undo): Promise<BulkAnswer<Undo>>;
  hardDelete(ids: number[]): Promise<BulkAnswer<Undo>>;
  emptyTrash(): Promise<BulkAnswer<Undo>>;
}
