import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freshPostgresDatabase,
  PROCESS_ADMIN,
  startKinfolio,
  startServer,
  stopProcess,
  type KinfolioProcess,
} from './processes.js';
import { startProxy } from './proxy.js';
import { TEST_REDIS_URL, testRedisPrefix } from './redis.js';
import type { TestS3 } from './s3.js';

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * A cluster as an operator runs it: API instances serving HTTP only (JOB_WORKER=false), a
 * `kinfolio worker` working the jobs, one PostgreSQL database, one Redis, one S3 bucket, and a
 * round-robin proxy in front. Each process has a data folder of its own, which must stay empty
 * of archive bytes: everything shared lives in the database, Redis and the bucket.
 */
export async function startCluster(s3: TestS3, options: { apis?: number } = {}) {
  const database = await freshPostgresDatabase('cluster');
  const bucket = await s3.bucket();
  const shared: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    JOB_QUEUE_PREFIX: testRedisPrefix('cluster'),
    APP_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'info',
    JOB_POLL_MS: '100',
    ...s3.env(bucket),
  };
  const folders: string[] = [];
  const ownFolder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-cluster-'));
    folders.push(dir);
    return { DATA_DIR: dir, WEB_DIST: path.join(dir, 'no-web-build') };
  };
  const processes: KinfolioProcess[] = [];
  const count = options.apis ?? 2;
  // All at once, as a cluster restarts: the migrations must run once, the admin be made once.
  const worker = startKinfolio(['worker'], { ...shared, ...ownFolder() });
  processes.push(worker);
  const apis: Server[] = await Promise.all(
    Array.from({ length: count }, (_, n) =>
      startServer({
        ...shared,
        ...ownFolder(),
        JOB_WORKER: 'false',
        ...(n === 0
          ? { ADMIN_EMAIL: PROCESS_ADMIN.email, ADMIN_PASSWORD: PROCESS_ADMIN.password }
          : {}),
      }),
    ),
  );
  processes.push(...apis);
  await worker.logLine('worker started');
  const proxy = await startProxy(apis.map((api) => api.url));
  return {
    apis,
    worker,
    proxy,
    bucket,
    folders,
    /** Every file under the processes' own data folders (archive bytes must not be there). */
    localFiles(): string[] {
      return folders.flatMap((dir) =>
        fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name)),
      );
    },
    async stop() {
      await proxy.close();
      await Promise.all(processes.map((p) => stopProcess(p, 'SIGKILL')));
      await database.drop();
      for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;
