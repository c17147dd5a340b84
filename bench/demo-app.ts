import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { routePath } from '@kinfolio/contract';
import { startAppServer, stopAppServer } from './app-server.js';

const root = path.resolve(import.meta.dirname, '..');

/** The compiled server `npm run build` made: what is measured is what `npm start` runs. */
const SERVER_ENTRY = path.join(root, 'packages/server/dist/main.js');

export interface DemoArchive {
  /** The archive's data folder (SQLite database and files). */
  dataDir: string;
  remove(): void;
}

export interface DemoApp {
  base: string;
  stop(): Promise<void>;
}

function kinfolio(env: Record<string, string>, ...command: string[]) {
  const run = spawnSync(process.execPath, [SERVER_ENTRY, ...command], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${command[0]} failed: ${run.stderr}`);
}

const archiveEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  JOB_WORKER: 'false',
});

/** A fresh SQLite archive with the demo family (`seed-demo`) and an administrator. */
export function createDemoArchive(user: { email: string; password: string }): DemoArchive {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-demo-'));
  kinfolio(archiveEnv(dataDir), 'seed-demo');
  kinfolio(archiveEnv(dataDir), 'create-admin', '--email', user.email, '--password', user.password);
  return { dataDir, remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** The compiled server over `archive`, serving the web app built in `webDist`. */
export async function startDemoApp(archive: DemoArchive, webDist: string): Promise<DemoApp> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`the web app is not built in ${webDist}: run \`npm run build\` first`);
  }
  const env = { ...archiveEnv(archive.dataDir), WEB_DIST: webDist };
  const server = await startAppServer([SERVER_ENTRY], env, root, 30_000);
  return { base: `http://127.0.0.1:${server.port}`, stop: () => stopAppServer(server) };
}

/** Logs in through the API from the page (the app's own client would do the same). */
export async function logIn(page: Page, base: string, user: { email: string; password: string }) {
  await page.goto(`${base}/`, { waitUntil: 'networkidle0' });
  const status = await page.evaluate(
    async ({ csrf, login, user }) => {
      // The page's globals (this file is typed for Node).
      const { document, localStorage } = globalThis as unknown as {
        document: { cookie: string };
        localStorage: { setItem(key: string, value: string): void };
      };
      await fetch(csrf, { credentials: 'include' });
      const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const answer = await fetch(login, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': token },
        body: JSON.stringify(user),
      });
      // The flag the app reads at start to know a session is there (shared/session/store.ts).
      localStorage.setItem('kinfolio-session', '1');
      return answer.status;
    },
    { csrf: routePath('csrfCookie'), login: routePath('login'), user },
  );
  if (status !== 200 && status !== 204) throw new Error(`login answered ${status}`);
  await page.goto('about:blank');
}

/**
 * The machine's state around a measurement: its cores and the 1-minute load average at the start
 * (`startLoad`, read before the runs) and now; another tenant's load shows in the figures.
 */
export function machineLoad(startLoad: number) {
  const round = (load: number) => Math.round(load * 100) / 100;
  return {
    cpus: os.cpus().length,
    loadAverage1mStart: round(startLoad),
    loadAverage1mEnd: round(os.loadavg()[0] ?? NaN),
  };
}

/** The middle value (the lower of the two middle ones for an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}
