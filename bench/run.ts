/**
 * `npm run bench [-- --size N --dialect sqlite|postgres|both --duration S --connections C
 * --only cached|cold|mp3 --cold N --cold-seed S --keep --label L]`: generates the demo archive at
 * `size` items into a fresh database per dialect, serves the real app and a bare Fastify route
 * from a child process, loads them with autocannon on loopback (the cached scenarios), then runs
 * the cold workload (cold.ts: `--cold` distinct URLs per class drawn with `--cold-seed`, each
 * asked once), prints tables and writes
 * bench/results/<date>-<dialect>-<size>[-<only>][-<label>].json and .md. `--keep` keeps the
 * database for the next run of the same size (see server.ts). Targets are reported, never
 * enforced (the exit code only says whether the bench itself ran). `--only mp3` runs the records'
 * MP3 generation scenario alone (mp3.ts; `--mp3-minutes`, `--mp3-parts`), without any database;
 * `--only backup` the portable backup's peak memory per archive size (backup.ts; `--backup-sizes`);
 * `--only restart` the first minute of searches after a restart with the OS's cache dropped, with
 * and without the server's warm-up, on the kept archive of that size (restart.ts;
 * `--restart-runs`, `--restart-seconds`);
 * `--only cluster` one API instance against two on PostgreSQL and Redis (cluster.ts);
 * `--only imports` imports of generated Takeout folders, mboxes and WhatsApp chats by size, with
 * their time and peak memory (imports.ts; `--import-photos`, `--import-mails`, `--import-chat`;
 * `--keep` keeps the generated sources for the next run, `--import-heap MB` caps each import's
 * V8 old space, to tell what it holds from the garbage it has not collected yet);
 * `--only segments` the records' segment detection on an hour of audio (segments.ts;
 * `--segments-minutes`); `--only faces` suggestions among 100,000 synthetic faces per engine and
 * the detection rate over demo pictures (faces.ts; `--faces-known`, `--faces-pictures`);
 * `--only places` the map's points asked cold on the generated archive (places.ts; `--cold` URLs
 * per class, `--cold-seed`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { routePath } from '@kinfolio/contract';
import autocannon from 'autocannon';
import { COLD_SEED, coldPlan, runCold } from './cold.js';
import { backupReport, runBackupBench } from './backup.js';
import { clusterReport, runClusterBench } from './cluster.js';
import { facesReport, runFacesBench } from './faces.js';
import { importReport, runImportBench, type ImportBenchKind } from './imports.js';
import { mp3Report, runMp3Bench } from './mp3.js';
import { runPlacesBench } from './places.js';
import { restartReport, runRestartBench } from './restart.js';
import { runSegmentsBench, segmentsReport } from './segments.js';
import { markdownReport, UNCACHED, type BenchResult, type Scenario } from './report.js';
import { login } from './login.js';
import type { ReadyMessage } from './protocol.js';

const here = import.meta.dirname;
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    dialect: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '20' },
    common: { type: 'string', default: 'nonna' },
    rare: { type: 'string', default: 'barnabe' },
    only: { type: 'string' },
    cold: { type: 'string', default: '40' },
    'cold-seed': { type: 'string', default: String(COLD_SEED) },
    keep: { type: 'boolean', default: false },
    label: { type: 'string' },
    'mp3-minutes': { type: 'string', default: '30' },
    'mp3-parts': { type: 'string', default: '3' },
    'segments-minutes': { type: 'string', default: '60' },
    'backup-sizes': { type: 'string', default: '0,10000,100000' },
    'restart-runs': { type: 'string', default: '2' },
    'restart-seconds': { type: 'string', default: '60' },
    'import-photos': { type: 'string', default: '1000,10000' },
    'import-mails': { type: 'string', default: '10000,100000' },
    'import-chat': { type: 'string', default: '10000,100000' },
    'faces-known': { type: 'string', default: '100000' },
    'faces-pictures': { type: 'string', default: '100' },
    'import-heap': { type: 'string' },
  },
});
const only = values.only;
const backupSizes = values['backup-sizes'].split(',').map(Number);
const importPlan = (['photos', 'mails', 'chat'] as ImportBenchKind[]).map((kind) => ({
  kind,
  sizes: values[`import-${kind}`]
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((n) => n !== 0),
}));
const perClass = Number(values.cold);
const coldSeed = Number(values['cold-seed']);
const size = Number(values.size);
const duration = Number(values.duration);
const connections = Number(values.connections);
const isDialect = (d: string): d is 'sqlite' | 'postgres' => d === 'sqlite' || d === 'postgres';
const dialects = (values.dialect === 'both' ? ['sqlite', 'postgres'] : [values.dialect]).filter(
  isDialect,
);
if (
  !Number.isInteger(size) ||
  size < 100 ||
  dialects.length === 0 ||
  !Number.isInteger(perClass) ||
  perClass < 1 ||
  !Number.isInteger(coldSeed) ||
  (only !== undefined &&
    ![
      'cold',
      'cached',
      'mp3',
      'backup',
      'restart',
      'cluster',
      'imports',
      'segments',
      'faces',
      'places',
    ].includes(only)) ||
  !(Number(values['segments-minutes']) > 0) ||
  !(Number(values['faces-known']) >= 1) ||
  !(Number(values['faces-pictures']) >= 1) ||
  !importPlan.every((p) => p.sizes.every((n) => Number.isInteger(n) && n > 0)) ||
  (values['import-heap'] !== undefined && !(Number(values['import-heap']) >= 16)) ||
  !(Number(values['restart-runs']) >= 1) ||
  !(Number(values['restart-seconds']) >= 10) ||
  !backupSizes.every((n) => Number.isInteger(n) && n >= 0) ||
  !(Number(values['mp3-minutes']) > 0) ||
  !Number.isInteger(Number(values['mp3-parts'])) ||
  Number(values['mp3-parts']) < 1
) {
  console.error(
    'Usage: npm run bench -- [--size N>=100] [--dialect sqlite|postgres|both] ' +
      '[--only cached|cold|mp3|backup|restart|cluster|imports|segments|faces|places] [--segments-minutes M] [--cold N>=1] [--cold-seed S] ' +
      '[--keep] [--label L] [--mp3-minutes M] [--mp3-parts N>=1] [--backup-sizes N,N,…] ' +
      '[--restart-runs N>=1] [--restart-seconds S>=10] [--import-photos N,N,…] ' +
      '[--import-mails N,N,…] [--import-chat N,N,…] [--import-heap MB>=16] [--faces-known N] [--faces-pictures N]',
  );
  process.exit(2);
}

const resultsDir = path.join(here, 'results');
fs.mkdirSync(resultsDir, { recursive: true });

if (only === 'backup') {
  const result = await runBackupBench(dialects, backupSizes, values.keep);
  const report = backupReport(result);
  const tail = values.label ? `-${values.label}` : '';
  const base = path.join(resultsDir, `${result.date.slice(0, 10)}-backup${tail}`);
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(`${base}.md`, report);
  console.log(`\n${report}\nWritten to ${path.relative(process.cwd(), base)}.json and .md`);
  process.exit(0);
}

if (only === 'faces') {
  const result = await runFacesBench(
    dialects,
    Number(values['faces-known']),
    Number(values['faces-pictures']),
  );
  const report = facesReport(result);
  const tail = values.label ? `-${values.label}` : '';
  const base = path.join(resultsDir, `${result.date.slice(0, 10)}-faces${tail}`);
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(`${base}.md`, report);
  console.log(`\n${report}\nWritten to ${path.relative(process.cwd(), base)}.json and .md`);
  process.exit(0);
}

if (only === 'imports') {
  const result = await runImportBench(dialects, importPlan, {
    keepSources: values.keep,
    ...(values['import-heap'] ? { heapMegabytes: Number(values['import-heap']) } : {}),
  });
  const tail = values.label ? `-${values.label}` : '';
  // One report per engine: the latest of each is what bench/results keeps.
  for (const dialect of dialects) {
    const rows = result.rows.filter((row) => row.dialect === dialect);
    const report = importReport({ ...result, rows });
    const base = path.join(resultsDir, `${result.date.slice(0, 10)}-imports-${dialect}${tail}`);
    fs.writeFileSync(`${base}.json`, `${JSON.stringify({ ...result, rows }, null, 2)}\n`);
    fs.writeFileSync(`${base}.md`, report);
    console.log(`\n${report}\nWritten to ${path.relative(process.cwd(), base)}.json and .md`);
  }
  process.exit(0);
}

if (only === 'cluster') {
  const result = await runClusterBench({ size, connections, duration });
  const report = clusterReport(result);
  const tail = values.label ? `-${values.label}` : '';
  const base = path.join(resultsDir, `${result.date.slice(0, 10)}-cluster${tail}`);
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(`${base}.md`, report);
  console.log(`\n${report}\nWritten to ${path.relative(process.cwd(), base)}.json and .md`);
  process.exit(0);
}

if (only === 'segments') {
  const minutes = Number(values['segments-minutes']);
  const result = await runSegmentsBench(minutes);
  const report = segmentsReport(result);
  const tail = values.label ? `-${values.label}` : '';
  const base = path.join(resultsDir, `${result.date.slice(0, 10)}-segments-${minutes}min${tail}`);
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(`${base}.md`, report);
  console.log(`\n${report}\nWritten to ${path.relative(process.cwd(), base)}.json and .md`);
  process.exit(0);
}

if (only === 'mp3') {
  const minutes = Number(values['mp3-minutes']);
  const result = await runMp3Bench(minutes, Number(values['mp3-parts']));
  const report = mp3Report(result);
  const tail = values.label ? `-${values.label}` : '';
  const base = path.join(resultsDir, `${result.date.slice(0, 10)}-mp3-${minutes}min${tail}`);
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(`${base}.md`, report);
  console.log(`\n${report}\nWritten to ${path.relative(process.cwd(), base)}.json and .md`);
  process.exit(0);
}

/** The server process's CPU time so far (microseconds). */
function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const listen = (message: { type: string; micros?: number }) => {
      if (message.type !== 'cpu') return;
      child.off('message', listen);
      resolve(message.micros ?? 0);
    };
    child.on('message', listen);
    child.send('cpu');
  });
}

function startServer(
  dialect: string,
  keep = values.keep,
): Promise<{ child: ChildProcess; ready: ReadyMessage }> {
  const child = fork(path.join(here, 'server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_DIALECT: dialect,
      BENCH_SIZE: String(size),
      BENCH_KEEP: keep ? '1' : '0',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (message: { type: string; written?: number }) => {
      if (message.type === 'progress')
        console.log(`  ${dialect}: ${message.written} items written`);
      if (message.type === 'ready') resolve({ child, ready: message as ReadyMessage });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

if (only === 'restart') {
  let failed = false;
  for (const dialect of dialects) {
    try {
      // The kept archive of this size (generated the first time), then the bench server goes.
      console.log(`\n${dialect}: the kept archive of ${size} items…`);
      const { child, ready } = await startServer(dialect, true);
      child.send('stop');
      await new Promise((resolve) => child.once('exit', resolve));
      const result = await runRestartBench({
        dialect,
        databaseUrl: ready.databaseUrl,
        size: ready.items,
        sample: ready.sample,
        runs: Number(values['restart-runs']),
        seconds: Number(values['restart-seconds']),
        seed: coldSeed,
      });
      const report = restartReport(result);
      const label =
        result.size >= 1e6 ? `${result.size / 1e6}M` : `${Math.round(result.size / 1e3)}k`;
      const tail = values.label ? `-${values.label}` : '';
      const base = path.join(
        resultsDir,
        `${result.date.slice(0, 10)}-${dialect}-${label}-restart${tail}`,
      );
      fs.writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
      fs.writeFileSync(`${base}.md`, report);
      console.log(`\n${report}\nWritten to ${path.relative(process.cwd(), base)}.json and .md`);
    } catch (error) {
      failed = true;
      console.error(`${dialect}: the restart bench did not complete`, error);
    }
  }
  process.exit(failed ? 1 : 0);
}

if (only === 'places') {
  const failed = await runPlacesBench({
    dialects,
    startServer,
    login,
    perClass,
    seed: coldSeed,
    resultsDir,
    label: values.label,
  });
  process.exit(failed ? 1 : 0);
}

async function load(
  child: ChildProcess,
  name: string,
  url: string,
  headers: Record<string, string>,
): Promise<Scenario> {
  const cpuBefore = await serverCpu(child);
  const result = await autocannon({ url, headers, connections, duration });
  const cpu = (await serverCpu(child)) - cpuBefore;
  const errors = result.non2xx + result.errors + result.timeouts;
  return {
    name,
    path: new URL(url).pathname + new URL(url).search,
    serverMicrosPerRequest: result.requests.total ? Math.round(cpu / result.requests.total) : 0,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors,
  };
}

async function benchDialect(dialect: 'sqlite' | 'postgres'): Promise<BenchResult> {
  console.log(`\n${dialect}: generating ${size} items…`);
  const { child, ready } = await startServer(dialect);
  try {
    console.log(
      ready.reused
        ? `  ${dialect}: ${ready.items} items, kept from an earlier run`
        : `  ${dialect}: ${ready.items} items in ${(ready.seedMs / 1000).toFixed(1)} s`,
    );
    const headers = await login(ready.appUrl);
    const api = (pathAndQuery: string) => `${ready.appUrl}${pathAndQuery}`;
    const uncached = (pathAndQuery: string) => `${ready.uncachedUrl}${pathAndQuery}`;
    const total = async (pathAndQuery: string) => {
      const response = await fetch(api(pathAndQuery), { headers });
      if (response.status !== 200) throw new Error(`${pathAndQuery}: ${response.status}`);
      return ((await response.json()) as { meta?: { total: number } }).meta?.total ?? 0;
    };
    const common = routePath('post.search', { query: { query: values.common } });
    const rare = routePath('post.search', { query: { query: values.rare } });
    const firstPage = routePath('post.all');
    const deepPage = routePath('post.all', { query: { page: 500 } });
    const single = routePath('post.single', { params: { id: ready.singleId } });
    // Asked on the app the cold workload reads too: not when only that one runs.
    const cachedToo = only !== 'cold';
    const matches = cachedToo
      ? { common: await total(common), rare: await total(rare) }
      : { common: 0, rare: 0 };
    const posts = cachedToo ? await total(firstPage) : (ready.sample.live.post ?? 0);
    const plan: [string, string][] = [
      ['bare Fastify route', ready.bareUrl],
      ['posts-all page 1', api(firstPage)],
      ['posts-all page 500', api(deepPage)],
      [`posts-search common (${values.common})`, api(common)],
      [`posts-search rare (${values.rare})`, api(rare)],
      ['posts-single', api(single)],
      // The same reads computed every time: a first read, or the first after a change.
      [`posts-all page 1 ${UNCACHED}`, uncached(firstPage)],
      [`posts-all page 500 ${UNCACHED}`, uncached(deepPage)],
      [`posts-search common (${values.common}) ${UNCACHED}`, uncached(common)],
      [`posts-search rare (${values.rare}) ${UNCACHED}`, uncached(rare)],
      [`posts-single ${UNCACHED}`, uncached(single)],
    ];
    const scenarios: Scenario[] = [];
    for (const [name, url] of only === 'cold' ? [] : plan) {
      await autocannon({ url, headers, connections, duration: 1 }); // warm-up
      const scenario = await load(child, name, url, headers);
      console.log(
        `  ${name}: ${scenario.requestsPerSecond} req/s, p99 ${scenario.p99} ms, ` +
          `server ${scenario.serverMicrosPerRequest} µs CPU/request`,
      );
      scenarios.push(scenario);
    }
    let cold;
    if (only !== 'cached') {
      // A few URLs of each class first, not counted, for the JIT; then the plan without them.
      const warm = coldPlan(ready.sample, 2, 99);
      const skip = new Set(warm.map(([, url]) => url));
      const main = coldPlan(ready.sample, perClass, coldSeed).filter(([, url]) => !skip.has(url));
      await runCold(ready.appUrl, headers, warm);
      console.log(`  cold workload: ${main.length} URLs, each asked once…`);
      cold = await runCold(ready.appUrl, headers, main);
      for (const c of cold) {
        console.log(`  cold ${c.name}: p50 ${c.p50} ms, p95 ${c.p95} ms, max ${c.max} ms`);
      }
    }
    return {
      dialect,
      date: new Date().toISOString(),
      size: ready.items,
      translations: ready.translations,
      livePosts: posts,
      matches,
      seedSeconds: ready.reused ? null : Math.round(ready.seedMs / 100) / 10,
      databaseMegabytes: ready.databaseBytes && Math.round(ready.databaseBytes / 1e5) / 10,
      connections,
      durationSeconds: duration,
      node: process.version,
      scenarios,
      ...(cold ? { cold, coldPerClass: perClass, coldSeed } : {}),
    };
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

let failed = false;
for (const dialect of dialects) {
  try {
    const result = await benchDialect(dialect);
    const report = markdownReport(result);
    const size = result.size >= 1e6 ? `${result.size / 1e6}M` : `${Math.round(result.size / 1e3)}k`;
    const tail = [only, values.label]
      .filter(Boolean)
      .map((part) => `-${part}`)
      .join('');
    const base = path.join(resultsDir, `${result.date.slice(0, 10)}-${dialect}-${size}${tail}`);
    fs.writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
    fs.writeFileSync(`${base}.md`, report);
    console.log(`\n${report}\nWritten to ${path.relative(process.cwd(), base)}.json and .md`);
  } catch (error) {
    failed = true;
    console.error(`${dialect}: the bench did not complete`, error);
  }
}
process.exit(failed ? 1 : 0);
