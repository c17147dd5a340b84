import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connect.js';
import { migrateToLatest, pendingMigrations } from './migrate.js';
import { createTestDatabase, TEST_PG_URL, testDialect } from '../test/database.js';

/**
 * Several instances (or an instance and `kinfolio migrate`) starting together on one fresh
 * database each migrate it: each migration runs exactly once and every one of them succeeds.
 */
describe('migrations of instances starting together', () => {
  const INSTANCES = 5;
  let fresh: DatabaseHandle;
  const instances: DatabaseHandle[] = [];

  beforeAll(async () => {
    fresh = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(instances.map((handle) => handle.destroy()));
    await fresh.destroy();
  });

  /** Another connection (a pool of its own on PostgreSQL) to the same database. */
  async function sameDatabase(): Promise<DatabaseHandle> {
    if (testDialect() === 'sqlite') {
      const { rows } = await sql<{
        file: string;
      }>`select file from pragma_database_list where name = 'main'`.execute(fresh.db);
      return connectDatabase({ dialect: 'sqlite', file: rows[0]!.file });
    }
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
      fresh.db,
    );
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${rows[0]!.name}`;
    return connectDatabase({ dialect: 'postgres', url: url.toString() });
  }

  it('applies each migration once, and every instance succeeds', async () => {
    for (let i = 0; i < INSTANCES; i += 1) instances.push(await sameDatabase());
    // Not even Kysely's own table yet.
    await expect(pendingMigrations(fresh.db)).rejects.toThrow();

    const applied = await Promise.all(instances.map((handle) => migrateToLatest(handle.db)));
    const all = applied.flat();
    expect(all.length).toBeGreaterThan(20);
    expect(new Set(all).size).toBe(all.length);
    // One instance did the work, the others found nothing left.
    expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
    const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(
      fresh.db,
    );
    expect(recorded.rows.map((row) => row.name).sort()).toEqual([...all].sort());
    expect(await pendingMigrations(fresh.db)).toEqual([]);
  });
});
