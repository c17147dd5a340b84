import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable, UsersTable } from '../db/schema.js';

export type SessionWithUser = { session: SessionsTable; user: Selectable<UsersTable> };

export function sessionsRepository(db: Kysely<Database>) {
  return {
    async findWithUser(id: string): Promise<SessionWithUser | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select([
          'sessions.id as s_id',
          'sessions.user_id as s_user_id',
          'sessions.remember as s_remember',
          'sessions.ip as s_ip',
          'sessions.user_agent as s_user_agent',
          'sessions.created_at as s_created_at',
          'sessions.last_activity_at as s_last_activity_at',
          'sessions.expires_at as s_expires_at',
        ])
        .where('sessions.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const {
        s_id,
        s_user_id,
        s_remember,
        s_ip,
        s_user_agent,
        s_created_at,
        s_last_activity_at,
        s_expires_at,
        ...user
      } = row;
      return {
        session: {
          id: s_id,
          user_id: s_user_id,
          remember: s_remember,
          ip: s_ip,
          user_agent: s_user_agent,
          created_at: s_created_at,
          last_activity_at: s_last_activity_at,
          expires_at: s_expires_at,
        },
        user,
      };
    },
    async insert(session: SessionsTable): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },
    async touch(id: string, lastActivityAt: string, expiresAt: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_activity_at: lastActivityAt, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },
    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },
    async deleteForUser(userId: number, exceptId?: string): Promise<void> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptId) query = query.where('id', '!=', exceptId);
      await query.execute();
    },
    async deleteExpired(now: string): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
