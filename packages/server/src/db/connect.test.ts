import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testDialect } from '../test/database.js';
import type { DatabaseHandle } from './connect.js';
import { migrateToLatest } from './migrate.js';

describe('database warm-up (what `serve` does once it listens)', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase();
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('items')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          type: 'post',
          title: `Lettre ${i}`,
          content: '',
          status: 'published',
          language: 'fr',
          created_at: '2026-11-27T00:00:00.000Z',
          updated_at: '2026-11-27T00:00:00.000Z',
        })),
      )
      .execute();
  });
  afterAll(() => handle?.destroy());

  it('opens the connections, leaves each usable, and keeps them', async () => {
    await handle.warmUp();
    const { rows } = await sql<{ n: number }>`select count(*) as n from items`.execute(handle.db);
    expect(Number(rows[0]!.n)).toBe(50);
    if (testDialect() !== 'postgres') return;
    const connections = async () => {
      const { rows } = await sql<{ n: number; open: number }>`
        select count(*) as n, count(*) filter (where state like 'idle in transaction%') as open
        from pg_stat_activity where datname = current_database()
      `.execute(handle.db);
      return { n: Number(rows[0]!.n), open: Number(rows[0]!.open) };
    };
    // All ten of the pool, none left inside the warm-up's transaction.
    expect(await connections()).toEqual({ n: 10, open: 0 });
    // Kept longer than the driver's default idle timeout (10 s) would allow: the same ten server
    // processes answer after it (the pool's idle timers run on the faked clock).
    const backends = async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(handle.db),
        ),
      );
      return new Set(answers.map(({ rows }) => rows[0]!.pid));
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let before: Set<number>;
    try {
      before = await backends();
      vi.advanceTimersByTime(11_000);
    } finally {
      vi.useRealTimers();
    }
    expect(before.size).toBe(10);
    expect(await backends()).toEqual(before);
  });

  it('reads table pages ahead on PostgreSQL, on every connection', async () => {
    if (testDialect() !== 'postgres') return;
    // Ten at once: each on a connection of its own.
    const settings = await Promise.all(
      Array.from({ length: 10 }, () =>
        sql<{ value: string; pid: number }>`
          select current_setting('effective_io_concurrency') as value, pg_backend_pid() as pid,
            pg_sleep(0.05)
        `.execute(handle.db),
      ),
    );
    expect(new Set(settings.map(({ rows }) => rows[0]!.pid)).size).toBe(10);
    expect(new Set(settings.map(({ rows }) => rows[0]!.value))).toEqual(new Set(['128']));
  });

  it('gives a new connection one query at a time (pg refuses more from version 9)', async () => {
    if (testDialect() !== 'postgres') return;
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const fresh = await createTestDatabase();
    try {
      await migrateToLatest(fresh.db);
      // Stamps read on new connections of the pool, beside queries through Kysely.
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 ? fresh.readStamps() : sql`select pg_sleep(0.01)`.execute(fresh.db),
        ),
      );
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await fresh.destroy();
    }
  });
});
