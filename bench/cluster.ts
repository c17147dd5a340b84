/**
 * `npm run bench -- --only cluster [--size N --duration S --connections C]`: the same archive on
 * PostgreSQL (and Redis for jobs and login throttling) served by one API instance, then by two,
 * each time behind the same round-robin proxy, under a read mix of many distinct URLs (list
 * pages, searches, single items; the first asking of each computed, the rest from each
 * instance's response cache). On a 2-core machine the instances, PostgreSQL, the proxy and the
 * load generator share the same cores: the figure says what a second process buys there, not
 * what a second machine would.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routePath } from '@kinfolio/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { startProxy } from '../packages/server/src/test/proxy.js';
import { startAppServer, stopAppServer, type AppServer } from './app-server.js';
import { login } from './login.js';

const root = path.resolve(import.meta.dirname, '..');
const argv = ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')];
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const USER = { email: 'cluster-bench@example.com', password: 'cluster-bench-password-1' };

export interface ClusterRun {
  instances: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

export interface ClusterResult {
  date: string;
  size: number;
  connections: number;
  durationSeconds: number;
  urls: number;
  cores: number;
  runs: ClusterRun[];
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: pgAdminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function cli(args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, [...argv, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`kinfolio ${args[0]}: ${run.stderr}`);
  return run.stdout;
}

/** Distinct read URLs: list pages, searches of words from the demo's lexicon, single items. */
function readMix(size: number, postIds: number[]): string[] {
  const words = ['nonna', 'mare', 'lettre', 'famille', 'Reise', 'casa', 'jardin', 'Sommer'];
  const urls: string[] = [];
  const pages = Math.max(1, Math.floor(size / 4 / 15));
  for (let n = 0; n < 60; n += 1) {
    urls.push(routePath('post.all', { query: { page: 1 + ((n * 7919) % pages) } }));
    urls.push(routePath('mail.all', { query: { page: 1 + ((n * 104729) % pages) } }));
    urls.push(routePath('post.search', { query: { query: words[n % words.length]! } }));
    const id = postIds[n % Math.max(1, postIds.length)];
    if (id !== undefined) urls.push(routePath('post.single', { params: { id } }));
  }
  return [...new Set(urls)];
}

export async function runClusterBench(options: {
  size: number;
  connections: number;
  duration: number;
}): Promise<ClusterResult> {
  const name = `kinfolio_bench_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  const dirs: string[] = [];
  const servers: AppServer[] = [];
  const env = (): Record<string, string> => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-bench-cluster-'));
    dirs.push(dir);
    return {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      JOB_QUEUE_PREFIX: name,
      APP_KEY: name.padEnd(40, 'k'),
      JOB_WORKER: 'false',
      DATA_DIR: dir,
      WEB_DIST: path.join(dir, 'no-web'),
    };
  };
  try {
    console.log(`cluster: seeding ${options.size} items on PostgreSQL…`);
    const base = env();
    cli(['seed-demo', '--size', String(options.size)], base);
    cli(['create-admin', '--email', USER.email, '--password', USER.password], base);
    let urls: string[] = [];
    const runs: ClusterRun[] = [];
    for (const instances of [1, 2, 1]) {
      while (servers.length < instances) {
        servers.push(await startAppServer(argv, env(), root, 120_000));
      }
      while (servers.length > instances) await stopAppServer(servers.pop()!);
      const proxy = await startProxy(servers.map((s) => `http://127.0.0.1:${s.port}`));
      try {
        const headers = await login(proxy.url, USER);
        if (!urls.length) {
          // Single items of posts that exist (ids of other types would answer 404).
          const page = (await (
            await fetch(`${proxy.url}${routePath('post.all', { query: { per_page: 60 } })}`, {
              headers,
            })
          ).json()) as { data: { id: number }[] };
          urls = readMix(
            options.size,
            page.data.map((post) => post.id),
          );
        }
        let at = 0;
        const load = () =>
          autocannon({
            url: proxy.url,
            headers,
            connections: options.connections,
            duration: options.duration,
            requests: [
              { setupRequest: (request) => ({ ...request, path: urls[at++ % urls.length]! }) },
            ],
          });
        await autocannon({ url: `${proxy.url}${urls[0]}`, headers, connections: 4, duration: 2 });
        const result = await load();
        const run: ClusterRun = {
          instances,
          requestsPerSecond: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          requests: result.requests.total,
          errors: result.non2xx + result.errors + result.timeouts,
        };
        console.log(
          `  ${instances} instance(s): ${run.requestsPerSecond} req/s, p50 ${run.p50} ms, ` +
            `p99 ${run.p99} ms, ${run.errors} errors`,
        );
        runs.push(run);
      } finally {
        await proxy.close();
      }
    }
    return {
      date: new Date().toISOString(),
      size: options.size,
      connections: options.connections,
      durationSeconds: options.duration,
      urls: urls.length,
      cores: os.cpus().length,
      runs,
    };
  } finally {
    for (const server of servers) await stopAppServer(server);
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function clusterReport(result: ClusterResult): string {
  const rows = result.runs.map(
    (run) =>
      `| ${run.instances} | ${run.requestsPerSecond} | ${run.p50} | ${run.p99} | ${run.requests} | ${run.errors} |`,
  );
  return [
    `# Cluster: one API instance against two (${result.date.slice(0, 10)})`,
    '',
    `PostgreSQL, Redis, ${result.size} items, ${result.urls} distinct read URLs in turn, ` +
      `${result.connections} connections for ${result.durationSeconds} s through a round-robin ` +
      `proxy; ${result.cores} cores shared by the instances, PostgreSQL, the proxy and the load ` +
      'generator. One instance is measured again last, to show the drift of the machine.',
    '',
    '| instances | req/s | p50 ms | p99 ms | requests | errors |',
    '|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
}
