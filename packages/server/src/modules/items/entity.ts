import type { ContentLanguage, ItemStatus, PlaceValue } from '@kinfolio/contract';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { MessageKey } from '../../i18n/translate.js';
import type { FileDeletion } from '../files/index.js';
import type { RevisionsTable } from './revisions.repository.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** Who makes a change (kept with the revision it creates). */
export interface Actor {
  id: number;
  name: string;
}

/** What the shared machinery reads of any entry's row (an item, a record). */
export interface EntryRow {
  id: number;
  deleted_at: string | null;
  /** Its place (modules/places), null when it has none. */
  place_id: number | null;
}

/** An entry's links of each kind a bulk action can change, as sorted ids. */
export type LinkSets<K extends string> = Record<K, number[]>;

/**
 * The fields a bulk action or its undo changes, named as in the bulk routes (`language`,
 * `status`, the link kinds); each entity turns them into its own PATCH (`patchOf`).
 */
export type BulkFields<K extends string> = Partial<LinkSets<K>> & {
  language?: ContentLanguage;
  status?: ItemStatus;
  /** A place as kept (null: none). */
  place?: PlaceValue | null;
};

/** The message keys of an entity's answers and refusals. */
export interface EntityMessages<K extends string> {
  /** Deleting for good an entry that is not in the trash. */
  notInTrash: MessageKey;
  /** A bulk selection naming an id that is not one of this entity's. */
  unknown: MessageKey;
  /** A link of this kind to something that does not exist. */
  linkMissing: Record<K, MessageKey>;
  /** A bulk answer's message, by what it did (`{count}` entries). */
  bulk: Record<'changed' | 'trashed' | 'restored' | 'hardDeleted' | 'reverted', MessageKey>;
}

/**
 * One kind of archive entry for the shared machinery (trash, deletion for good, revisions, bulk
 * actions, lists): how its rows are read and changed, its links, its PATCH, how it is presented.
 * The item types and the records each have one; the machinery holds the rules, the definition
 * the entity's own tables and fields.
 */
export interface EntityDefinition<
  Row extends EntryRow,
  K extends string,
  Patch extends object,
  Shown,
  Data = unknown,
  Names = unknown,
> {
  messages: EntityMessages<K>;
  /** Its revisions' table and the column naming the entry. */
  revisions: RevisionsTable;
  /** The texts a search's snippet is taken from, first match first (else the preview). */
  snippetColumns: readonly (keyof Row & string)[];
  /** The current names of what revisions link to: a lookup made once for a page of them. */
  revisionNames(db: Executor, data: Data[]): Promise<(data: Data) => Names>;

  /** The entry if it is one of this entity's; locked for the transaction when `lock`. */
  find(db: Executor, id: number, lock: boolean): Promise<Row | undefined>;
  /** This entity's entries among `ids`, in id order, locked when `lock`. */
  findMany(db: Executor, ids: number[], lock: boolean): Promise<Row[]>;
  /** The ids of this entity's entries in the trash, in id order, locked when `lock`. */
  trashIds(db: Executor, lock: boolean): Promise<number[]>;
  /** Moves an entry in (`at`) or out (null) of the trash. */
  setDeletedAt(db: Executor, id: number, at: string | null): Promise<void>;

  /** The kinds of links a bulk action can add or remove. */
  linkKinds: readonly K[];
  /** The links of many entries, by entry. */
  linksOf(db: Executor, ids: number[]): Promise<Map<number, LinkSets<K>>>;
  /** Ids among `ids` that name nothing a link of `kind` can point to. */
  missingLinks(db: Executor, kind: K, ids: number[]): Promise<number[]>;

  /** The entry's language, and its status when the entity has one. */
  languageOf(row: Row): ContentLanguage;
  statusOf?(row: Row): ItemStatus;
  /** The entity's PATCH that sets these fields. */
  patchOf(fields: BulkFields<K>): Patch;
  /**
   * Applies a PATCH inside the caller's transaction to an entry read (and locked) by the caller
   * with its current links: keeps the previous version as a revision, or writes nothing when
   * nothing changes (false).
   */
  revise(
    trx: Transaction<Database>,
    ctx: AppContext,
    row: Row,
    links: LinkSets<K>,
    patch: Patch,
    actor: Actor,
  ): Promise<boolean>;

  /**
   * Removes a trashed entry's rows inside the caller's transaction; answers the storage keys of
   * the bytes to remove once committed.
   */
  deleteForGood(trx: Transaction<Database>, row: Row, deletion: FileDeletion): Promise<string[]>;
  /** What goes with deleted entries once their rows are gone (a record's MP3). */
  afterDeleteForGood?(ctx: AppContext, ids: number[]): Promise<void>;

  /** The whole entry, as its single route answers it. */
  present(db: Executor, row: Row): Promise<Shown>;
}

/** Any entity's definition, for the machinery that reads only what every entity has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SomeEntity<Row extends EntryRow = any, K extends string = string> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  EntityDefinition<Row, K, any, any, any, any>;
