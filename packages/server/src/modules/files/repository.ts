import type { AttachedFile } from '@kinfolio/contract';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, FilesTable } from '../../db/schema.js';
import { storedPhotoMetadata } from './photo-metadata.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type FileRow = Selectable<FilesTable>;
export type NewFile = Insertable<FilesTable>;
/** What the storage check needs of a row. */
export type FileKeys = Pick<
  FileRow,
  'id' | 'item_id' | 'record_id' | 'storage_key' | 'thumb_key' | 'thumb_pending' | 'deleted_at'
>;

const KEY_COLUMNS = [
  'id',
  'item_id',
  'record_id',
  'storage_key',
  'thumb_key',
  'thumb_pending',
  'deleted_at',
] as const;

/** What a file belongs to: an item or an audio record (migration 0013). */
export type FileOwner = { kind: 'item'; id: number } | { kind: 'record'; id: number };

/** A FilePond upload not attached yet: it belongs to nobody (and is not a deleted media). */
export function isTemporary(row: Pick<FileRow, 'item_id' | 'record_id' | 'deleted_at'>): boolean {
  return row.item_id === null && row.record_id === null && row.deleted_at === null;
}

/** A file kept in the deleted medias (migration 0019). */
export function isDeleted(row: Pick<FileRow, 'deleted_at'>): boolean {
  return row.deleted_at !== null;
}

/** When and by whom files go to the deleted medias. */
export interface FileDeletion {
  at: string;
  by: number | null;
}

/** What a deleted media came from, as it was when deleted. */
export interface FileOrigin {
  kind: 'item' | 'record';
  id: number;
  /** The item's type, or `record`. */
  type: string;
  title: string;
}

const deletedColumns = (origin: FileOrigin, deletion: FileDeletion) => ({
  item_id: null,
  record_id: null,
  position: null,
  deleted_at: deletion.at,
  deleted_by: deletion.by,
  origin_kind: origin.kind,
  origin_id: origin.id,
  origin_type: origin.type,
  origin_title: origin.title,
});

/** The storage keys a row holds (the file and, for images, its thumbnail). */
export function keysOf(rows: Pick<FileRow, 'storage_key' | 'thumb_key'>[]): string[] {
  return rows.flatMap((row) =>
    row.thumb_key ? [row.storage_key, row.thumb_key] : [row.storage_key],
  );
}

/** Where a file's bytes are served; its thumbnail is the same address with `?thumb=1`. */
export const fileUrl = (id: number) => `/api/files/${id}`;
export const thumbnailUrl = (id: number) => `${fileUrl(id)}?thumb=1`;

export function presentFile(row: FileRow): AttachedFile {
  const url = fileUrl(row.id);
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    size: Number(row.size),
    url,
    ...(row.thumb_key ? { thumbnail_url: thumbnailUrl(row.id) } : {}),
    // Made by the thumbnail job after the upload: the client asks again until it is done.
    ...(row.thumb_pending ? { thumbnail_pending: true as const } : {}),
    ...(row.width !== null && row.height !== null ? { width: row.width, height: row.height } : {}),
    // Read once when the file was stored (migration 0022): no file is opened here.
    ...storedPhotoMetadata(row),
    created_at: row.created_at,
  };
}

export function filesRepository(db: Executor) {
  /** The next free position among a record's parts. */
  async function nextPosition(recordId: number): Promise<number> {
    const row = await db
      .selectFrom('files')
      .select((eb) => eb.fn.max('position').as('last'))
      .where('record_id', '=', recordId)
      .executeTakeFirst();
    const last = row?.last;
    return last === null || last === undefined ? 0 : Number(last) + 1;
  }

  return {
    async insert(values: NewFile): Promise<FileRow> {
      return db.insertInto('files').values(values).returningAll().executeTakeFirstOrThrow();
    },

    find(id: number): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    },

    ofItem(itemId: number): Promise<FileRow[]> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('item_id', '=', itemId)
        .orderBy('id')
        .execute();
    },

    /**
     * For a page of items, in one query: how many files each has and the first picture with a
     * thumbnail (the oldest, as the item's page lists them). Items without files are left out.
     */
    async itemSummaries(
      itemIds: number[],
    ): Promise<Map<number, { count: number; pictureId: number | null }>> {
      if (!itemIds.length) return new Map();
      const rows = await db
        .selectFrom('files')
        .select((eb) => [
          'item_id',
          eb.fn.countAll<number>().as('n'),
          eb.fn
            .min(eb.case().when('thumb_key', 'is not', null).then(eb.ref('id')).end())
            .as('picture_id'),
        ])
        .where('item_id', 'in', itemIds)
        .groupBy('item_id')
        .execute();
      return new Map(
        rows.map((row) => [
          Number(row.item_id),
          {
            count: Number(row.n),
            pictureId: row.picture_id === null ? null : Number(row.picture_id),
          },
        ]),
      );
    },

    /** A record's audio parts, in their order. */
    ofRecord(recordId: number): Promise<FileRow[]> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('record_id', '=', recordId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    /** Puts a record's parts in this order (ids are the record's, each once). */
    async setPositions(recordId: number, ids: number[]): Promise<void> {
      for (const [position, id] of ids.entries()) {
        await db
          .updateTable('files')
          .set({ position })
          .where('id', '=', id)
          .where('record_id', '=', recordId)
          .execute();
      }
    },

    /** Temporary uploads by these server ids (attached or not: the caller tells them apart). */
    byTokens(tokens: string[]): Promise<FileRow[]> {
      if (!tokens.length) return Promise.resolve([]);
      return db.selectFrom('files').selectAll().where('upload_token', 'in', tokens).execute();
    },

    /**
     * Attaches temporary uploads to their owner; a record's parts go after the ones it has, in
     * the order of `ids`. Answers how many were still temporary (and so attached).
     */
    async attach(ids: number[], owner: FileOwner, at: string): Promise<number> {
      const temporary = db
        .updateTable('files')
        .where('item_id', 'is', null)
        .where('record_id', 'is', null)
        .where('deleted_at', 'is', null);
      if (owner.kind === 'item') {
        const result = await temporary
          .set({ item_id: owner.id, upload_token: null, attached_at: at })
          .where('id', 'in', ids)
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      }
      const first = await nextPosition(owner.id);
      let attached = 0;
      for (const [index, id] of ids.entries()) {
        const result = await temporary
          .set({
            record_id: owner.id,
            position: first + index,
            upload_token: null,
            attached_at: at,
          })
          .where('id', '=', id)
          .executeTakeFirst();
        attached += Number(result.numUpdatedRows);
      }
      return attached;
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('files').where('id', '=', id).execute();
    },

    /** Sends an item's files to the deleted medias; answers how many. */
    async detachOfItem(origin: FileOrigin, deletion: FileDeletion): Promise<number> {
      const result = await db
        .updateTable('files')
        .set(deletedColumns(origin, deletion))
        .where('item_id', '=', origin.id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Sends a record's audio parts to the deleted medias; answers how many. */
    async detachOfRecord(origin: FileOrigin, deletion: FileDeletion): Promise<number> {
      const result = await db
        .updateTable('files')
        .set(deletedColumns(origin, deletion))
        .where('record_id', '=', origin.id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Sends one attached file to the deleted medias; whether it was still attached there. */
    async detach(id: number, origin: FileOrigin, deletion: FileDeletion): Promise<boolean> {
      const result = await db
        .updateTable('files')
        .set(deletedColumns(origin, deletion))
        .where('id', '=', id)
        .where(origin.kind === 'item' ? 'item_id' : 'record_id', '=', origin.id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A page of the deleted medias, newest first, with the deleter's name. */
    deletedPage(offset: number, limit: number) {
      return db
        .selectFrom('files')
        .leftJoin('users', 'users.id', 'files.deleted_by')
        .selectAll('files')
        .select('users.name as deleted_by_name')
        .where('files.deleted_at', 'is not', null)
        .orderBy('files.deleted_at', 'desc')
        .orderBy('files.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async deletedCount(): Promise<number> {
      const row = await db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deleted_at', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A deleted media, locked for the transaction on PostgreSQL when asked. */
    findDeleted(id: number, forUpdate = false): Promise<FileRow | undefined> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .$if(forUpdate, (q) => q.forUpdate())
        .executeTakeFirst();
    },

    /** Gives a deleted media back to an owner (a record's part goes after its others). */
    async restore(id: number, owner: FileOwner, at: string): Promise<boolean> {
      const position = owner.kind === 'record' ? await nextPosition(owner.id) : null;
      const result = await db
        .updateTable('files')
        .set({
          item_id: owner.kind === 'item' ? owner.id : null,
          record_id: owner.kind === 'record' ? owner.id : null,
          position,
          attached_at: at,
          deleted_at: null,
          deleted_by: null,
          origin_kind: null,
          origin_id: null,
          origin_type: null,
          origin_title: null,
        })
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Removes deleted medias' rows (these ids, or all with `ids` null, or those deleted before
     * `before`) and answers their storage keys, whose bytes the caller removes once committed.
     */
    async purgeDeleted(filter: {
      ids?: number[];
      before?: string;
    }): Promise<{ count: number; keys: string[] }> {
      if (filter.ids && !filter.ids.length) return { count: 0, keys: [] };
      const rows = await db
        .deleteFrom('files')
        .where('deleted_at', 'is not', null)
        .$if(filter.ids !== undefined, (q) => q.where('id', 'in', filter.ids!))
        .$if(filter.before !== undefined, (q) => q.where('deleted_at', '<', filter.before!))
        .returning(['storage_key', 'thumb_key'])
        .execute();
      return { count: rows.length, keys: keysOf(rows) };
    },

    /** Removes a deleted media's row whose bytes are missing (the storage check); whether it did. */
    async deleteIfDeleted(id: number): Promise<boolean> {
      const deleted = await db
        .deleteFrom('files')
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },

    /** Every row's storage keys (the storage check compares them with the files on disk). */
    allKeys(): Promise<FileKeys[]> {
      return db.selectFrom('files').select(KEY_COLUMNS).execute();
    },

    keysById(id: number): Promise<FileKeys | undefined> {
      return db.selectFrom('files').select(KEY_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** The rows that refer to any of these storage keys (as their file or their thumbnail). */
    claiming(keys: string[]): Promise<FileKeys[]> {
      if (!keys.length) return Promise.resolve([]);
      return db
        .selectFrom('files')
        .select(KEY_COLUMNS)
        .where((eb) => eb.or([eb('storage_key', 'in', keys), eb('thumb_key', 'in', keys)]))
        .execute();
    },

    /** Removes the row if it is still a temporary upload; whether it did. */
    async deleteIfTemporary(id: number): Promise<boolean> {
      const deleted = await db
        .deleteFrom('files')
        .where('id', '=', id)
        .where('item_id', 'is', null)
        .where('record_id', 'is', null)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },

    /** Removes uploads never attached and created before `before`; returns their storage keys. */
    async deleteTemporaryBefore(before: string): Promise<string[]> {
      const rows = await db
        .deleteFrom('files')
        .where('item_id', 'is', null)
        .where('record_id', 'is', null)
        .where('deleted_at', 'is', null)
        .where('created_at', '<', before)
        .returning(['storage_key', 'thumb_key'])
        .execute();
      return keysOf(rows);
    },
  };
}

export type FilesRepository = ReturnType<typeof filesRepository>;
