import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Config } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/connect.js';

/** A test database, and where it is (to open it again, as a second instance would). */
export type TestDatabase = DatabaseHandle & { location: Config['database'] };

export const TEST_PG_URL =
  process.env.KINFOLIO_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.KINFOLIO_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

/** A fresh, empty database of the dialect under test, removed again by destroy(). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `kinfolio_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (testDialect() === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-test-'));
    const location = { dialect: 'sqlite' as const, file: path.join(dir, `${name}.sqlite`) };
    const handle = connectDatabase(location);
    return {
      ...handle,
      location,
      async destroy() {
        await handle.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const location = { dialect: 'postgres' as const, url: url.toString() };
  const handle = connectDatabase(location);
  return {
    ...handle,
    location,
    async destroy() {
      await handle.destroy();
      const cleanup = new pg.Client({ connectionString: TEST_PG_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Whether a PostgreSQL server answers at the test URL (decides the PostgreSQL run). */
export async function postgresReachable(url = TEST_PG_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
