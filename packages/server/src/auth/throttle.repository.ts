import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ThrottleStore } from './throttle.js';

/** The counters in the login_throttle table (migration 0009), on SQLite or PostgreSQL. */
export function databaseThrottleStore(db: Kysely<Database>, now: () => Date): ThrottleStore {
  return {
    async hit(key, windowMs) {
      const at = now().getTime();
      const row = await db
        .insertInto('login_throttle')
        .values({ key, hits: 1, expires_at: at + windowMs })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits: sql<number>`case when login_throttle.expires_at <= ${at} then 1
              else login_throttle.hits + 1 end`,
            expires_at: sql<number>`case when login_throttle.expires_at <= ${at}
              then excluded.expires_at else login_throttle.expires_at end`,
          }),
        )
        .returning(['hits', 'expires_at'])
        .executeTakeFirstOrThrow();
      const window = Number(row.expires_at);
      return { hits: Number(row.hits), msLeft: window - at, window };
    },
    async refund(key, window) {
      await db
        .updateTable('login_throttle')
        .set({ hits: sql<number>`hits - 1` })
        .where('key', '=', key)
        .where('expires_at', '=', window)
        .where('hits', '>', 0)
        .execute();
    },
    async clear(key) {
      await db.deleteFrom('login_throttle').where('key', '=', key).execute();
    },
    async close() {},
  };
}

/** Counters whose window has ended count as zero anyway; only their rows are left (pruning). */
export async function deleteEndedThrottleWindows(db: Kysely<Database>, at: Date): Promise<void> {
  await db.deleteFrom('login_throttle').where('expires_at', '<=', at.getTime()).execute();
}
