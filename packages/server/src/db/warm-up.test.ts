import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { seedDemo } from '../demo/seed.js';
import { createTestDatabase, TEST_PG_URL, testDialect } from '../test/database.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { warmUpArchive } from './warm-up.js';

const GB = 2 ** 30;

describe('the database warm-up', () => {
  let handle: DatabaseHandle;
  let database: Config['database'];

  beforeAll(async () => {
    handle = await createTestDatabase();
    await migrateToLatest(handle.db);
    await seedDemo(handle, { size: 400, seed: 3 });
    if (testDialect() === 'sqlite') {
      const { rows } = await sql<{
        file: string;
      }>`select file from pragma_database_list where name = 'main'`.execute(handle.db);
      database = { dialect: 'sqlite', file: rows[0]!.file };
    } else {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
        handle.db,
      );
      const url = new URL(TEST_PG_URL);
      url.pathname = `/${rows[0]!.name}`;
      database = { dialect: 'postgres', url: url.toString() };
    }
  });
  afterAll(() => handle.destroy());

  it('reads the search index first, then the hot tables, all within the budget', async () => {
    const report = await warmUpArchive(handle, database, { budgetBytes: GB, timeMs: 30_000 });
    expect(report.complete).toBe(true);
    const names = report.objects.map((o) => o.name);
    const search = testDialect() === 'sqlite' ? 'items_fts_data' : 'item_search_0';
    expect(names).toContain(search);
    expect(names.indexOf(search)).toBeLessThan(names.indexOf('items'));
    expect(names).toContain('item_participants');
    expect(report.bytes).toBe(report.objects.reduce((sum, o) => sum + o.bytes, 0));
    expect(report.bytes).toBeGreaterThan(100_000);
    if (testDialect() === 'postgres') {
      // The tests' PostgreSQL user is a superuser: the extension is made.
      expect(report.method).toBe('pg_prewarm');
      expect(names.some((name) => name.startsWith('item_search_0_'))).toBe(true);
    }
  });

  it('stops at its byte budget, and at once when asked to', async () => {
    const small = await warmUpArchive(handle, database, { budgetBytes: 64 * 1024, timeMs: 30_000 });
    expect(small.complete).toBe(false);
    expect(small.bytes).toBeLessThanOrEqual(64 * 1024);
    const stopped = new AbortController();
    stopped.abort();
    // Stopped before it starts: it reads nothing (a walk that went on would read pages).
    await warmUpArchive(handle, database, {
      budgetBytes: GB,
      timeMs: 30_000,
      signal: stopped.signal,
    }).then(
      (report) => expect(report.bytes).toBe(0),
      (error: unknown) => expect(String(error)).toMatch(/stopped/),
    );
  });

  it.skipIf(testDialect() !== 'postgres')(
    'without pg_prewarm (no superuser), reads the tables by TID ranges',
    async () => {
      const role = `kinfolio_warm_${process.pid}`;
      const admin = new pg.Client({ connectionString: (database as { url: string }).url });
      await admin.connect();
      let plain: DatabaseHandle | undefined;
      try {
        await admin.query(`drop extension if exists pg_prewarm`);
        await admin.query(`drop role if exists ${role}`);
        await admin.query(`create role ${role} login`);
        await admin.query(`grant select on all tables in schema public to ${role}`);
        const url = new URL((database as { url: string }).url);
        url.username = role;
        plain = connectDatabase({ dialect: 'postgres', url: url.toString() });
        const report = await warmUpArchive(
          plain,
          { dialect: 'postgres', url: url.toString() },
          {
            budgetBytes: GB,
            timeMs: 30_000,
          },
        );
        expect(report.method).toMatch(/no pg_prewarm/);
        expect(report.complete).toBe(true);
        const names = report.objects.map((o) => o.name);
        expect(names).toContain('item_search_0');
        expect(names).toContain('items');
        expect(names.some((name) => name.endsWith('_idx'))).toBe(false);
        expect(report.objects.find((o) => o.name === 'items')!.bytes).toBeGreaterThan(0);
      } finally {
        await plain?.destroy();
        await admin.query(`drop owned by ${role}`).catch(() => undefined);
        await admin.query(`drop role if exists ${role}`).catch(() => undefined);
        await admin.end();
      }
    },
  );
});
