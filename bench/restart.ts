/**
 * `npm run bench -- --only restart`: the first minute of searches after a restart with the
 * operating system's file cache empty (a home server's reboot), with the server's warm-up at start
 * (db/warm-up.ts) and without it (WARMUP=off). Each run drops the caches (`sync; echo 3 >
 * /proc/sys/vm/drop_caches`, root only: otherwise a notice, and the figures are of a warm cache),
 * starts the real `kinfolio serve` on the kept archive, waits for `/readyz`, logs in and asks
 * distinct searches (words, prefixes, the global search; drawn as the cold workload draws them,
 * the same list in every run) one at a time for `seconds`; p50/p95/max per 10 s window.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { coldPlan, type ColdClass } from './cold.js';
import { login } from './login.js';
import type { ColdSample } from './sample.js';

const root = path.resolve(import.meta.dirname, '..');
const SEARCHES = new Set<ColdClass>(['search word', 'search prefix', '/api/search']);
const WINDOW_MS = 10_000;

export interface RestartWindow {
  /** Seconds since the first search: the window is [from, from + 10). */
  from: number;
  requests: number;
  p50: number;
  p95: number;
  max: number;
}

export interface RestartRun {
  warmUp: boolean;
  cachesDropped: boolean;
  /** The reference run: the OS's cache not dropped on purpose. */
  cacheKept?: boolean;
  /** From the process's start to `/readyz` answering 200. */
  readySeconds: number;
  /** The server's own report of its warm-up, as logged ('database warm-up done'). */
  warmUpLog?: { ms: number; megabytes: number; complete: boolean };
  requests: number;
  errors: number;
  /** Answers the response cache held (none expected: every URL is new to the server). */
  hits: number;
  windows: RestartWindow[];
  /** The whole minute. */
  all: Omit<RestartWindow, 'from'>;
}

export interface RestartResult {
  dialect: 'sqlite' | 'postgres';
  date: string;
  size: number;
  node: string;
  seconds: number;
  /** Distinct search URLs available for each run. */
  planned: number;
  runs: RestartRun[];
  notices: string[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round = (ms: number) => Math.round(ms * 10) / 10;

function figures(times: number[]): Omit<RestartWindow, 'from'> {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

/** Empties the OS's file cache; false when not permitted (not root, a container). */
function dropCaches(): boolean {
  try {
    execFileSync('sync');
    fs.writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}

interface Started {
  child: ChildProcess;
  /** The server's last log lines, to say why it stopped if it does. */
  tail: () => string;
  url: string;
  readySeconds: number;
  warmUpLog: Promise<RestartRun['warmUpLog']>;
}

/** `kinfolio serve` on the archive, once `/readyz` answers 200. */
async function serve(databaseUrl: string, warmUp: boolean, dataDir: string): Promise<Started> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts'), 'serve'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        // Its own port, read from its log: a port picked here may be another server's.
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        WARMUP: warmUp ? 'on' : 'off',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const recent: string[] = [];
  let listening: (url: string) => void = () => undefined;
  const address = new Promise<string>((resolve) => (listening = resolve));
  const warmUpLog = new Promise<RestartRun['warmUpLog']>((resolve) => {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        recent.push(line);
        const at = /"msg":"Server listening at (http:[^"]+)"/.exec(line);
        if (at) listening(at[1]!);
        if (recent.length > 20) recent.shift();
        if (!line.includes('database warm-up done')) continue;
        const { ms, megabytes, complete } = JSON.parse(line) as NonNullable<
          RestartRun['warmUpLog']
        >;
        resolve({ ms, megabytes, complete });
      }
    });
    child.once('exit', () => resolve(undefined));
  });
  const url = await Promise.race([
    address,
    new Promise<never>((_, reject) => {
      child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
      setTimeout(
        () => reject(new Error('the server did not listen within 2 minutes')),
        120_000,
      ).unref();
    }),
  ]);
  for (const end = Date.now() + 120_000; Date.now() < end;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ready = await fetch(`${url}/readyz`).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (ready) {
      const readySeconds = (performance.now() - started) / 1000;
      return { child, url, readySeconds, warmUpLog, tail: () => recent.join('\n') };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('the server was not ready within 2 minutes');
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function oneRun(
  databaseUrl: string,
  warmUp: boolean,
  plan: string[],
  seconds: number,
  drop = true,
): Promise<RestartRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-bench-restart-'));
  const cachesDropped = drop && dropCaches();
  const server = await serve(databaseUrl, warmUp, dataDir);
  try {
    const headers = await login(server.url);
    const timed: { at: number; ms: number }[] = [];
    let errors = 0;
    let hits = 0;
    const first = performance.now();
    for (const url of plan) {
      const started = performance.now();
      if (started - first >= seconds * 1000) break;
      const response = await fetch(`${server.url}${url}`, { headers }).catch((error: unknown) => {
        const exit = server.child.exitCode ?? server.child.signalCode;
        throw new Error(`${url}: ${String(error)}; server exit ${exit}:\n${server.tail()}`);
      });
      await response.arrayBuffer();
      timed.push({ at: started - first, ms: performance.now() - started });
      if (response.status !== 200) errors += 1;
      if (response.headers.get('x-kinfolio-cache') === 'hit') hits += 1;
    }
    const windows: RestartWindow[] = [];
    for (let from = 0; from < seconds * 1000; from += WINDOW_MS) {
      const times = timed.filter((t) => t.at >= from && t.at < from + WINDOW_MS).map((t) => t.ms);
      if (times.length) windows.push({ from: from / 1000, ...figures(times) });
    }
    const warmUpLog = warmUp
      ? await Promise.race([
          server.warmUpLog,
          new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1000)),
        ])
      : undefined;
    return {
      warmUp,
      cachesDropped,
      readySeconds: Math.round(server.readySeconds * 10) / 10,
      ...(warmUpLog ? { warmUpLog } : {}),
      requests: timed.length,
      errors,
      hits,
      windows,
      all: figures(timed.map((t) => t.ms)),
    };
  } finally {
    await stop(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `runs` pairs of runs, without then with the warm-up, on the kept archive at `databaseUrl`. */
export async function runRestartBench(options: {
  dialect: 'sqlite' | 'postgres';
  databaseUrl: string;
  size: number;
  sample: ColdSample;
  runs: number;
  seconds: number;
  seed: number;
}): Promise<RestartResult> {
  const plan = coldPlan(options.sample, 4000, options.seed)
    .filter(([name]) => SEARCHES.has(name))
    .map(([, url]) => url);
  const notices: string[] = [];
  if (options.dialect === 'postgres') {
    notices.push(
      "PostgreSQL itself is not restarted: what its shared buffers hold stays warm, only the OS's cache is dropped.",
    );
  }
  const runs: RestartRun[] = [];
  for (let i = 0; i < options.runs; i += 1) {
    for (const warmUp of [false, true]) {
      console.log(`  restart ${i + 1}/${options.runs}, warm-up ${warmUp ? 'on' : 'off'}…`);
      const run = await oneRun(options.databaseUrl, warmUp, plan, options.seconds);
      if (!run.cachesDropped && !notices.some((n) => n.startsWith('The OS'))) {
        notices.push(
          'The OS file cache could not be dropped (needs root): these runs start with a warm cache.',
        );
        console.warn(`  NOTICE: ${notices[notices.length - 1]}`);
      }
      for (const w of run.windows) {
        console.log(
          `    ${String(w.from).padStart(2)}–${w.from + 10} s: ${w.requests} searches, ` +
            `p50 ${w.p50} ms, p95 ${w.p95} ms, max ${w.max} ms`,
        );
      }
      runs.push(run);
    }
  }
  // For comparison: the same restart with the archive still in the OS's cache (the last run read
  // it), as after a restart of the server alone.
  console.log('  restart with the cache kept, warm-up off…');
  const kept = await oneRun(options.databaseUrl, false, plan, options.seconds, false);
  runs.push({ ...kept, cacheKept: true });
  return {
    dialect: options.dialect,
    date: new Date().toISOString(),
    size: options.size,
    node: process.version,
    seconds: options.seconds,
    planned: plan.length,
    runs,
    notices,
  };
}

const cacheState = (run: RestartRun) =>
  run.cacheKept ? 'kept' : run.cachesDropped ? 'dropped' : 'NOT dropped';

/** The runs as markdown: one table per run, windows as rows. */
export function restartReport(result: RestartResult): string {
  const lines = [
    `# Restart with the OS's file cache empty: ${result.dialect}, ${result.size.toLocaleString('en')} items`,
    '',
    `${result.date.slice(0, 10)}, Node ${result.node}, ${os.cpus().length} CPUs, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB RAM. Distinct searches (words, prefixes, ` +
      `/api/search) one at a time for ${result.seconds} s after /readyz, ${result.planned} planned.`,
    ...result.notices.map((n) => `\n> ${n}`),
    '',
    '| run | OS cache | warm-up | ready after | warm-up took | searches | p50 | p95 | max |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...result.runs.map(
      (r, i) =>
        `| ${i + 1} | ${cacheState(r)} | ${r.warmUp ? 'on' : 'off'} | ${r.readySeconds} s | ` +
        (r.warmUpLog
          ? `${(r.warmUpLog.ms / 1000).toFixed(1)} s, ${r.warmUpLog.megabytes} MB`
          : '–') +
        ` | ${r.requests}${r.errors ? ` (${r.errors} errors)` : ''} | ${r.all.p50} ms | ` +
        `${r.all.p95} ms | ${r.all.max} ms |`,
    ),
  ];
  for (const [i, r] of result.runs.entries()) {
    lines.push(
      '',
      `## Run ${i + 1}: OS cache ${cacheState(r)}, warm-up ${r.warmUp ? 'on' : 'off'}`,
      '',
      '| seconds | searches | p50 | p95 | max |',
      '| --- | --- | --- | --- | --- |',
      ...r.windows.map(
        (w) =>
          `| ${w.from}–${w.from + 10} | ${w.requests} | ${w.p50} ms | ${w.p95} ms | ${w.max} ms |`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}
