import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Permission } from '@kinfolio/contract';
import { buildApp } from '../app.js';
import { createAccount } from '../auth/index.js';
import { loadConfig } from '../config.js';
import { TestClient } from './client.js';
import { createTestDatabase } from './database.js';
import { jobsSettled } from './jobs.js';
import { startTestS3, type TestS3 } from './s3.js';

export interface TestServerOptions {
  env?: Record<string, string>;
  now?: () => Date;
}

export const ADMIN = {
  email: 'admin@example.com',
  password: 'admin-password-1',
  name: 'Ada Admin',
};

/** The storage under test: local folders, or (KINFOLIO_TEST_STORAGE=s3) in-process s3rver. */
export const testStorage = (): 'local' | 's3' =>
  process.env.KINFOLIO_TEST_STORAGE === 's3' ? 's3' : 'local';

let testS3: Promise<TestS3> | undefined;

/** With KINFOLIO_TEST_STORAGE=s3, a bucket of its own for each test server of this file. */
async function storageEnv(env: Record<string, string> = {}): Promise<Record<string, string>> {
  if (testStorage() !== 's3' || env.STORAGE) return {};
  testS3 ??= startTestS3();
  const s3 = await testS3;
  return s3.env(await s3.bucket());
}

/** The whole app on a fresh database of the dialect under test, with helpers to make users. */
export async function createTestServer(options: TestServerOptions = {}) {
  const database = await createTestDatabase();
  // A data folder of its own (removed by close()): test files run side by side, and a check of
  // the files must not find another server's.
  const ownDataDir = !options.env?.DATA_DIR;
  const dataDir =
    options.env?.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_URL: 'http://kinfolio.test',
    WEB_DIST: path.join(os.tmpdir(), 'kinfolio-no-web-build'),
    LOG_LEVEL: 'silent',
    // Face detection takes a second a picture and loads models: only the tests that ask run it.
    FACES: 'off',
    // OCR loads its models and takes a second a page: likewise.
    OCR: 'off',
    ...(await storageEnv(options.env)),
    ...options.env,
  });
  const { app, ctx } = await buildApp(config, {
    database,
    logger: false,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();

  async function createUser(fields: {
    email: string;
    password?: string;
    name?: string;
    permissions?: Permission[];
  }) {
    return createAccount(
      ctx.db,
      {
        name: fields.name ?? fields.email.split('@')[0]!,
        email: fields.email,
        password: fields.password ?? 'user-password-1',
        permissions: fields.permissions ?? [],
        verified: true,
      },
      ctx.now(),
    );
  }

  async function loggedIn(email: string, password = 'user-password-1') {
    const client = new TestClient(app);
    await client.login(email, password);
    return client;
  }

  return {
    app,
    ctx,
    config,
    client: () => new TestClient(app),
    createUser,
    async createAdmin() {
      return createUser({ ...ADMIN, permissions: ['admin'] });
    },
    /**
     * The usual pair: an editor (`content.edit`, and `also` when given: `content.delete` for
     * suites that move things to the trash) and a reader (no permission), logged in.
     */
    async editorAndReader(
      also: Permission[] = [],
    ): Promise<{ editor: TestClient; reader: TestClient }> {
      await createUser({ email: 'editor@example.com', permissions: ['content.edit', ...also] });
      await createUser({ email: 'reader@example.com' });
      return {
        editor: await loggedIn('editor@example.com'),
        reader: await loggedIn('reader@example.com'),
      };
    },
    loggedIn,
    /** Waits until the jobs queued so far (thumbnails of uploads…) are done (test/jobs.ts). */
    jobsSettled: (timeoutMs?: number) => jobsSettled(ctx, timeoutMs),
    /**
     * A second app on the same database and storage that works the jobs, like a `kinfolio
     * worker` beside an API instance started with JOB_WORKER=false. Close it before the server.
     */
    async startWorker() {
      const worker = await buildApp(config, {
        // The server owns the database: the worker's close must not end it.
        database: { ...database, destroy: async () => undefined },
        logger: false,
        workJobs: true,
        ...(options.now ? { now: options.now } : {}),
      });
      await worker.app.ready();
      return { ctx: worker.ctx, close: () => worker.app.close() };
    },
    async close() {
      await app.close();
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;
