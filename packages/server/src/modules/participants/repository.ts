import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database, ParticipantsTable } from '../../db/schema.js';
import { LIFE_COLUMNS } from '../family/index.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type ParticipantRow = Selectable<ParticipantsTable>;
export interface ParticipantWithCount {
  id: number;
  name: string;
  count: number;
}

/** How names compare: trimmed, NFC, and lower-cased for the unique index. */
export function nameKeys(name: string) {
  const clean = name.trim().normalize('NFC');
  return { name: clean, name_lower: clean.toLowerCase(), search_key: searchKeyOf(clean) };
}

/** Lower-cased with accents (combining marks after NFD) removed: 'Émile' → 'emile'. */
export function searchKeyOf(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/** Makes the user's text literal inside a LIKE pattern whose escape character is a backslash. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Participants with the number of distinct non-deleted items they are linked to. */
function withCounts(db: Executor) {
  return db.selectFrom('participants as p').select((eb) => [
    'p.id',
    'p.name',
    eb
      .selectFrom('item_participants as ip')
      .innerJoin('items as i', 'i.id', 'ip.item_id')
      .whereRef('ip.participant_id', '=', 'p.id')
      .where('i.deleted_at', 'is', null)
      .select((sub) => sub.fn.count<number>('ip.item_id').distinct().as('n'))
      .as('count'),
  ]);
}

function counted(row: { id: number; name: string; count: number | null }): ParticipantWithCount {
  return { id: row.id, name: row.name, count: Number(row.count ?? 0) };
}

export function participantsRepository(db: Executor) {
  return {
    /** All participants by name, accent- and case-insensitively; `search` filters the same way. */
    async listWithCounts(search?: string): Promise<ParticipantWithCount[]> {
      const key = search === undefined ? '' : searchKeyOf(search.trim());
      const rows = await withCounts(db)
        .$if(key !== '', (q) =>
          q.where(sql<boolean>`p.search_key like ${`%${escapeLike(key)}%`} escape '\\'`),
        )
        .orderBy('p.search_key')
        .orderBy('p.name')
        .orderBy('p.id')
        .execute();
      return rows.map(counted);
    },
    async findWithCount(id: number): Promise<ParticipantWithCount | undefined> {
      const row = await withCounts(db).where('p.id', '=', id).executeTakeFirst();
      return row && counted(row);
    },
    /** A participant's life columns (modules/family presents them). */
    findLife(id: number) {
      return db
        .selectFrom('participants')
        .select(['id', ...LIFE_COLUMNS])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Reads a participant; on PostgreSQL also locks its row until the transaction ends. */
    findForUpdate(id: number, dialect: Dialect): Promise<ParticipantRow | undefined> {
      return db
        .selectFrom('participants')
        .selectAll()
        .where('id', '=', id)
        .$if(dialect === 'postgres', (q) => q.forUpdate())
        .executeTakeFirst();
    },
    /**
     * Locks the given participants in id order (so two merges never wait on each other in a
     * circle) and returns the ids that still exist. A row deleted by a merge that committed while
     * we waited is simply not returned.
     */
    async lockExisting(ids: number[], dialect: Dialect): Promise<number[]> {
      const rows = await db
        .selectFrom('participants')
        .select('id')
        .where('id', 'in', ids)
        .orderBy('id')
        .$if(dialect === 'postgres', (q) => q.forUpdate())
        .execute();
      return rows.map((row) => row.id);
    },
    async nameTaken(nameLower: string, exceptId?: number): Promise<boolean> {
      const row = await db
        .selectFrom('participants')
        .select('id')
        .where('name_lower', '=', nameLower)
        .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Inserts unless the name is taken (case-insensitively); undefined then. */
    insertIfFree(name: string, now: string): Promise<ParticipantRow | undefined> {
      return db
        .insertInto('participants')
        .values({ ...nameKeys(name), created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('name_lower').doNothing())
        .returningAll()
        .executeTakeFirst();
    },
    /** Renames; a taken name throws the database's unique violation. */
    async rename(id: number, name: string, now: string): Promise<void> {
      await db
        .updateTable('participants')
        .set({ ...nameKeys(name), updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    /** Links `toId` to every item `fromIds` are linked to, with the same roles, once each. */
    async copyLinks(fromIds: number[], toId: number): Promise<void> {
      await db
        .insertInto('item_participants')
        .columns(['item_id', 'participant_id', 'role'])
        .expression((eb) =>
          eb
            .selectFrom('item_participants')
            .distinct()
            .select(['item_id', sql<number>`cast(${toId} as integer)`.as('participant_id'), 'role'])
            .where('participant_id', 'in', fromIds),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
    /** Removes participants and their links (never the items). */
    async delete(ids: number[]): Promise<number> {
      await db.deleteFrom('item_participants').where('participant_id', 'in', ids).execute();
      const result = await db.deleteFrom('participants').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
