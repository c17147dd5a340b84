import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@kinfolio/contract';
import pg from 'pg';
import { TEST_PG_URL, testDialect } from './database.js';

/**
 * The real `kinfolio` CLI as its own process (through tsx, from the sources), for tests of what
 * only a process shows: signals, exit codes, locks held by the operating system.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
export const PROCESS_ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

export interface KinfolioProcess {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** The first JSON log line whose msg starts with `msg` (rejects if the process exits first). */
  logLine(msg: string): Promise<Record<string, unknown>>;
  /** The exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** A data folder and an empty database of the dialect under test; `remove` drops both. */
export async function processArchive(): Promise<{
  dataDir: string;
  databaseUrl: string;
  remove(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-process-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (testDialect() === 'sqlite') {
    const databaseUrl = `sqlite:${path.join(dataDir, 'kinfolio.sqlite')}`;
    return { dataDir, databaseUrl, remove: async () => removeDir() };
  }
  const name = `kinfolio_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async remove() {
      const cleanup = new pg.Client({ connectionString: TEST_PG_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      removeDir();
    },
  };
}

/** Runs `kinfolio <args>` with the archive's environment (and `env` on top). */
export function startKinfolio(
  args: string[],
  archive: { dataDir: string; databaseUrl: string },
  env: Record<string, string> = {},
): KinfolioProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts'), ...args],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: archive.dataDir,
        DATABASE_URL: archive.databaseUrl,
        WEB_DIST: path.join(archive.dataDir, 'no-web-build'),
        ADMIN_EMAIL: PROCESS_ADMIN.email,
        ADMIN_PASSWORD: PROCESS_ADMIN.password,
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const lines: Record<string, unknown>[] = [];
  const waiting: { msg: string; resolve: (line: Record<string, unknown>) => void }[] = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop()!;
    for (const text of parts) {
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text) as Record<string, unknown>;
      } catch {
        continue;
      }
      lines.push(line);
      for (const waiter of waiting.filter((w) => String(line.msg).startsWith(w.msg))) {
        waiter.resolve(line);
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return {
    child,
    output: () => output,
    exited,
    logLine: (msg) =>
      new Promise((resolve, reject) => {
        const seen = lines.find((line) => String(line.msg).startsWith(msg));
        if (seen) return resolve(seen);
        waiting.push({ msg, resolve });
        void exited.then(() =>
          reject(new Error(`exited before a log line "${msg}":\n${output.slice(-4000)}`)),
        );
      }),
  };
}

/** The address a `serve` process listens at, once it does. */
export async function listeningUrl(server: KinfolioProcess): Promise<string> {
  const line = await server.logLine('Server listening at ');
  return String(line.msg).slice('Server listening at '.length);
}

/** A logged-in administrator's cookies and CSRF header, as the web app sends them. */
export async function adminHeaders(url: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const headers = (): Record<string, string> => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    accept: 'application/json',
  });
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: { ...headers(), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  };
  await call('GET', routes.csrfCookie.path);
  await call('POST', routes.login.path, { ...PROCESS_ADMIN, remember: false });
  await call('GET', routes.csrfCookie.path);
  return headers();
}
