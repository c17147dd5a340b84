/**
 * The benchmark's server process: a fresh database of one dialect filled by the demo generator,
 * the real app and a bare Fastify route, both on loopback. The parent (run.ts) drives the load
 * from its own process, so the load generator never shares the server's event loop.
 * Messages: → {type: 'ready', ...}; ← 'cpu' → {type: 'cpu', micros} (this process's CPU time so
 * far, to tell the server's cost per request); ← 'stop' (closes the apps, removes the database).
 * BENCH_KEEP=1 names the database after its size and keeps it: the next run of that size finds it
 * filled and skips the generation (new migrations still apply), a quick way to iterate at 1M.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.js';
import { createAccount } from '../packages/server/src/auth/index.js';
import { loadConfig } from '../packages/server/src/config.js';
import { connectDatabase, type DatabaseHandle } from '../packages/server/src/db/connect.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { seedDemo } from '../packages/server/src/demo/seed.js';
import { BENCH_USER, type ReadyMessage } from './protocol.js';
import { drawSample } from './sample.js';

// Passed in the environment: under `npx tsx`, a forked child sees the parent's argv.
const dialect = process.env.BENCH_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
const size = Number(process.env.BENCH_SIZE ?? 100_000);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const keep = process.env.BENCH_KEEP === '1';
// BENCH_DATABASE names a kept database (a copy of one, say) to measure instead of the default.
const name = keep
  ? (process.env.BENCH_DATABASE ?? `kinfolio_bench_keep_${size}`)
  : `kinfolio_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
const send = (message: unknown) => process.send?.(message);

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: pgAdminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh database; `connect` opens one more connection (pool) to it, as another instance would. */
async function openDatabase(): Promise<{
  handle: DatabaseHandle;
  connect: () => DatabaseHandle;
  remove: () => Promise<void>;
  /** As DATABASE_URL says it to a server process. */
  url: string;
}> {
  if (dialect === 'sqlite') {
    const dir = keep
      ? path.join(os.tmpdir(), 'kinfolio-bench-keep')
      : fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-bench-'));
    fs.mkdirSync(dir, { recursive: true });
    const connect = () =>
      connectDatabase({ dialect: 'sqlite', file: path.join(dir, `${name}.sqlite`) });
    return {
      handle: connect(),
      connect,
      remove: async () => {
        if (!keep) fs.rmSync(dir, { recursive: true, force: true });
      },
      url: `sqlite:${path.join(dir, `${name}.sqlite`)}`,
    };
  }
  await adminQuery(`CREATE DATABASE ${name}`).catch((error: unknown) => {
    // A kept database of this size exists already: it is reused.
    if (!keep || (error as { code?: string }).code !== '42P04') throw error;
  });
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  const connect = () => connectDatabase({ dialect: 'postgres', url: url.toString() });
  return {
    handle: connect(),
    connect,
    remove: async () => {
      if (!keep) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
    url: url.toString(),
  };
}

async function databaseBytes(handle: DatabaseHandle): Promise<number | null> {
  if (handle.dialect === 'postgres') {
    const { rows } = await sql<{
      n: number;
    }>`select pg_database_size(current_database()) as n`.execute(handle.db);
    return Number(rows[0]?.n ?? 0);
  }
  const { rows } = await sql<{
    n: number;
  }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`.execute(
    handle.db,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The figures seedDemo returns, for a kept database. */
async function summaryOf(handle: DatabaseHandle) {
  const row = await handle.db
    .selectFrom('items')
    .select((eb) => [
      eb.fn.countAll<number>().as('items'),
      eb.fn.count<number>('parent_id').as('translations'),
      eb.fn.count<number>('place_id').as('placed'),
    ])
    .executeTakeFirstOrThrow();
  return {
    items: Number(row.items),
    translations: Number(row.translations),
    placed: Number(row.placed),
  };
}

async function main() {
  const { handle, connect, remove, url: databaseUrl } = await openDatabase();
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await remove().catch((error: unknown) => console.error('database removal failed', error));
  };
  try {
    await migrateToLatest(handle.db);
    const started = performance.now();
    const existing = await handle.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const reused = Number(existing.n) > 0;
    const summary = reused
      ? await summaryOf(handle)
      : await seedDemo(handle, {
          size,
          seed: 1,
          onProgress: (written) => {
            if (written % 20_000 < 500) send({ type: 'progress', written });
          },
        });
    const seedMs = performance.now() - started;
    // PostgreSQL's autovacuum would vacuum and analyse the fresh table soon after such a load
    // (VACUUM sets the visibility map, without which no index-only scan skips the heap).
    if (dialect === 'postgres' && !reused) await sql`vacuum analyze`.execute(handle.db);
    const bytes = await databaseBytes(handle);
    const user = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', BENCH_USER.email)
      .executeTakeFirst();
    if (!user) {
      await createAccount(
        handle.db,
        { name: 'Bench', ...BENCH_USER, permissions: ['admin'], verified: true },
        new Date(),
      );
    }
    const single = await handle.db
      .selectFrom('items')
      .select('id')
      .where('type', '=', 'post')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .offset(Math.floor(summary.items / 8))
      .limit(1)
      .executeTakeFirstOrThrow();

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-bench-data-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      APP_URL: 'http://127.0.0.1',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'silent',
    });
    const { app } = await buildApp(config, { database: handle, logger: false });
    const uncachedDatabase = connect();
    const { app: uncached } = await buildApp(config, {
      database: uncachedDatabase,
      logger: false,
      responseCache: false,
    });
    // As the server does once it listens (main.ts): measured is a running server, not its start.
    await handle.warmUp();
    await uncachedDatabase.warmUp();
    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => ({ hello: 'world' }));
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const uncachedUrl = await uncached.listen({ host: '127.0.0.1', port: 0 });
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
    const ready: ReadyMessage = {
      type: 'ready',
      appUrl,
      uncachedUrl,
      bareUrl: `${bareUrl}/bare`,
      seedMs,
      items: summary.items,
      translations: summary.translations,
      singleId: single.id,
      databaseBytes: bytes,
      placed: (await summaryOf(handle)).placed,
      reused,
      databaseUrl,
      sample: await drawSample(handle),
    };
    send(ready);
    await new Promise<void>((resolve) =>
      process.on('message', (m) => {
        if (m === 'stop') resolve();
        if (m === 'cpu') {
          const usage = process.cpuUsage();
          send({ type: 'cpu', micros: usage.user + usage.system });
        }
      }),
    );
    await bare.close();
    await uncached.close();
    await app.close(); // closes the database handle too
    fs.rmSync(dataDir, { recursive: true, force: true });
  } catch (error) {
    await handle.destroy().catch(() => undefined);
    throw error;
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
