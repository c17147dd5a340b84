import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export const SETTING_KEYS = {
  appKey: 'app_key',
  registrationEnabled: 'registration_enabled',
  setupCompleted: 'setup_completed',
  mapTileUrl: 'map_tile_url',
  mapTileAttribution: 'map_tile_attribution',
} as const;

export type SettingsRepository = ReturnType<typeof settingsRepository>;

export function settingsRepository(db: Executor) {
  return {
    async get(key: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },
    async set(key: string, value: string): Promise<void> {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
    /** Inserts only when absent; returns whether this call inserted it. */
    async insertIfAbsent(key: string, value: string): Promise<boolean> {
      const result = await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
