import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startKinfolio, type RunningServer } from './server.js';

const PG_URL = process.env.KINFOLIO_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh PostgreSQL database for one e2e file; undefined (with a notice) when no server answers,
 * unless KINFOLIO_REQUIRE_PG=1 makes that an error.
 */
export async function postgresDatabase(): Promise<
  { url: string; drop(): Promise<void> } | undefined
> {
  const name = `kinfolio_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    if (process.env.KINFOLIO_REQUIRE_PG === '1')
      throw new Error(`PostgreSQL unreachable at ${PG_URL}`);
    console.warn(`NOTICE: PostgreSQL unreachable at ${PG_URL}; its e2e dialect run is skipped.`);
    return undefined;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export const DIALECTS = ['sqlite', 'postgres'] as const;
export type Dialect = (typeof DIALECTS)[number];

/**
 * Starts Kinfolio on the given database for the enclosing `describe` (a fresh SQLite folder, or a
 * fresh PostgreSQL database dropped afterwards) and returns a getter for it: undefined when
 * PostgreSQL is unavailable and not required, so tests can skip.
 */
export function serverOn(dialect: Dialect, env: Record<string, string>) {
  let server: RunningServer | undefined;
  let database: Awaited<ReturnType<typeof postgresDatabase>>;
  beforeAll(async () => {
    if (dialect === 'postgres') {
      database = await postgresDatabase();
      if (!database) return;
    }
    server = await startKinfolio({ ...env, ...(database ? { DATABASE_URL: database.url } : {}) });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });
  return () => server;
}
