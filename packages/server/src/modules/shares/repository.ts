import type { ShareTargetType } from '@kinfolio/contract';
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, Flag } from '../../db/schema.js';

/** The share tables (migration 0036), declared beside the only module that reads them. */
export interface SharesTable {
  id: Generated<number>;
  token_hash: string;
  target_type: ShareTargetType;
  item_id: number | null;
  record_id: number | null;
  category_id: number | null;
  participant_id: number | null;
  tag_id: number | null;
  label: string | null;
  expires_at: string | null;
  password_hash: string | null;
  show_names: Flag;
  allow_download: Flag;
  include_translations: Flag;
  views: Generated<number>;
  last_viewed_at: string | null;
  created_by: number | null;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  revoked_at: string | null;
}

export interface ShareEntriesTable {
  id: Generated<number>;
  share_id: number;
  item_id: number | null;
  record_id: number | null;
}

export type ShareEventKind = 'created' | 'updated' | 'revoked';

export interface ShareEventsTable {
  id: Generated<number>;
  share_id: number;
  kind: ShareEventKind;
  user_id: number | null;
  user_name: string;
  /** JSON: what changed (option names and their new values; never a password). */
  details: string;
  created_at: string;
}

export type SharesDatabase = Database & {
  shares: SharesTable;
  share_entries: ShareEntriesTable;
  share_events: ShareEventsTable;
};
export type SharesExecutor = Kysely<SharesDatabase> | Transaction<SharesDatabase>;
export type ShareRow = Selectable<SharesTable>;
export type NewShare = Omit<ShareRow, 'id' | 'views' | 'last_viewed_at' | 'revoked_at'>;

export const sharesDb = (db: Kysely<Database> | Transaction<Database>): SharesExecutor =>
  db.withTables<{
    shares: SharesTable;
    share_entries: ShareEntriesTable;
    share_events: ShareEventsTable;
  }>();

/** The column of `shares` that names each kind of target (a selection names none). */
export const TARGET_COLUMN = {
  records: 'record_id',
  categories: 'category_id',
  participants: 'participant_id',
  tags: 'tag_id',
} as const;
export type TargetColumn = 'item_id' | (typeof TARGET_COLUMN)[keyof typeof TARGET_COLUMN];

export function targetColumn(type: ShareTargetType): TargetColumn | null {
  if (type === 'selection') return null;
  return type in TARGET_COLUMN ? TARGET_COLUMN[type as keyof typeof TARGET_COLUMN] : 'item_id';
}

/** The id a share's target column holds, or null for a selection. */
export function targetIdOf(row: ShareRow): number | null {
  const column = targetColumn(row.target_type);
  return column ? row[column] : null;
}

export interface ShareListFilter {
  createdBy?: number | undefined;
  targetType?: ShareTargetType | undefined;
  targetId?: number | undefined;
}

export function sharesRepository(executor: Kysely<Database> | Transaction<Database>) {
  const db = sharesDb(executor);
  const filtered = (filter: ShareListFilter) => {
    let query = db.selectFrom('shares');
    if (filter.createdBy !== undefined) query = query.where('created_by', '=', filter.createdBy);
    if (filter.targetType !== undefined) {
      query = query.where('target_type', '=', filter.targetType);
      const column = targetColumn(filter.targetType);
      if (column && filter.targetId !== undefined) {
        query = query.where(column, '=', filter.targetId);
      }
    }
    return query;
  };
  return {
    async insert(values: NewShare): Promise<ShareRow> {
      return db.insertInto('shares').values(values).returningAll().executeTakeFirstOrThrow();
    },
    async insertEntries(shareId: number, itemIds: number[], recordIds: number[]): Promise<void> {
      const rows = [
        ...itemIds.map((id) => ({ share_id: shareId, item_id: id, record_id: null })),
        ...recordIds.map((id) => ({ share_id: shareId, item_id: null, record_id: id })),
      ];
      for (let at = 0; at < rows.length; at += 500) {
        await db
          .insertInto('share_entries')
          .values(rows.slice(at, at + 500))
          .execute();
      }
    },
    find(id: number): Promise<ShareRow | undefined> {
      return db.selectFrom('shares').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByTokenHash(hash: string): Promise<ShareRow | undefined> {
      return db.selectFrom('shares').selectAll().where('token_hash', '=', hash).executeTakeFirst();
    },
    async count(filter: ShareListFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    page(filter: ShareListFilter, limit: number, offset: number): Promise<ShareRow[]> {
      return filtered(filter)
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    /** Entries of each selection among `shareIds`. */
    async selectionSizes(shareIds: number[]): Promise<Map<number, number>> {
      if (shareIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('share_entries')
        .select(['share_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('share_id', 'in', shareIds)
        .groupBy('share_id')
        .execute();
      return new Map(rows.map((row) => [row.share_id, Number(row.n)]));
    },
    async update(
      id: number,
      changes: Partial<Omit<ShareRow, 'id' | 'token_hash' | 'created_at'>>,
    ): Promise<void> {
      await db.updateTable('shares').set(changes).where('id', '=', id).execute();
    },
    /** Points the links of these participants at another (a merge keeps its people's links). */
    async moveParticipantLinks(from: number[], to: number): Promise<void> {
      if (from.length === 0) return;
      await db
        .updateTable('shares')
        .set({ participant_id: to })
        .where('participant_id', 'in', from)
        .execute();
    },
    /** Counts one view of the public page. */
    async viewed(id: number, at: string): Promise<void> {
      await db
        .updateTable('shares')
        .set((eb) => ({ views: eb('views', '+', 1), last_viewed_at: at }))
        .where('id', '=', id)
        .execute();
    },
    async addEvent(event: Omit<Selectable<ShareEventsTable>, 'id'>): Promise<void> {
      await db.insertInto('share_events').values(event).execute();
    },
    events(shareId: number) {
      return db
        .selectFrom('share_events')
        .selectAll()
        .where('share_id', '=', shareId)
        .orderBy('id')
        .execute();
    },
  };
}
export type SharesRepository = ReturnType<typeof sharesRepository>;
