import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@kinfolio/contract';
import pg from 'pg';
import { TEST_PG_URL, testDialect } from './database.js';

/** The repository's root, where `packages/server/src/main.ts` is run from. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export const PROCESS_ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

/** A `kinfolio` process started from the sources, with its JSON log lines. */
export interface KinfolioProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first log line whose msg is `msg` (or starts with it). */
  logLine: (msg: string) => Promise<Record<string, unknown>>;
  /** Resolves once the process has exited. */
  exited: Promise<number | null>;
}

/** Runs `kinfolio <command>` from the sources (tsx) with `env` over the test's environment. */
export function startKinfolio(command: string[], env: Record<string, string>): KinfolioProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/main.ts'), ...command],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const lines: Record<string, unknown>[] = [];
  const waiting: { msg: string; resolve: (line: Record<string, unknown>) => void }[] = [];
  const matches = (line: Record<string, unknown>, msg: string) =>
    typeof line.msg === 'string' && line.msg.startsWith(msg);
  const onLine = (text: string) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    lines.push(line);
    for (const waiter of waiting.filter((w) => matches(line, w.msg))) waiter.resolve(line);
  };
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop()!;
    parts.forEach(onLine);
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const logLine = (msg: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const seen = lines.find((line) => matches(line, msg));
      if (seen) return resolve(seen);
      waiting.push({ msg, resolve });
      void exited.then(() => reject(new Error(`process exited before "${msg}":\n${output}`)));
    });
  return { child, output: () => output, logLine, exited };
}

/** A server process and the address it listens at (from its "Server listening at" line). */
export async function startServer(env: Record<string, string>) {
  const process = startKinfolio(['serve'], { PORT: '0', HOST: '127.0.0.1', ...env });
  const listening = await process.logLine('Server listening at');
  return { ...process, url: String(listening.msg).replace('Server listening at ', '') };
}

/** Stops a process with `signal` and waits for it to exit. */
export async function stopProcess(process: KinfolioProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (process.child.exitCode === null && process.child.signalCode === null) {
    process.child.kill(signal);
  }
  return process.exited;
}

/** A fresh PostgreSQL database of its own, and how to drop it. */
export async function freshPostgresDatabase(label: string) {
  const name = `kinfolio_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: TEST_PG_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface SanctumResponse {
  status: number;
  text: string;
  bytes: Buffer;
  headers: Headers;
}

/** A cookie jar speaking the Sanctum SPA dialect, over plain HTTP like any outside client. */
export function sanctum(baseUrl: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const headers = (): Record<string, string> => ({
    cookie: cookieHeader(),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
  });
  const keep = (setCookies: string[]) => {
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  async function request(
    method: string,
    route: string,
    body?: unknown,
    options: { url?: string; headers?: Record<string, string> } = {},
  ): Promise<SanctumResponse> {
    // A Buffer is sent as it is (with its content-type in `options.headers`), anything else as JSON.
    const raw = Buffer.isBuffer(body);
    const response = await fetch(`${options.url ?? baseUrl}${route}`, {
      method,
      headers: {
        ...headers(),
        accept: 'application/json',
        ...(body === undefined || raw ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
    keep(response.headers.getSetCookie());
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      text: bytes.toString('utf8'),
      bytes,
      headers: response.headers,
    };
  }
  return {
    request,
    async login(account = PROCESS_ADMIN) {
      await request('GET', '/sanctum/csrf-cookie');
      const login = await request('POST', routes.login.path, { ...account, remember: false });
      if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
      await request('GET', '/sanctum/csrf-cookie');
    },
    /**
     * A FilePond upload whose body is streamed by `feed`; resolves with the status, or with
     * undefined when the connection dies (the server was killed).
     */
    upload(
      file: { name: string; type: string },
      feed: (write: (chunk: Buffer) => boolean, end: () => void) => void,
      options: { url?: string } = {},
    ): Promise<{ status: number; body: string } | undefined> {
      const boundary = `----kinfolio${randomBytes(8).toString('hex')}`;
      return new Promise((resolve) => {
        const req = http.request(`${options.url ?? baseUrl}${routes.filepondProcess.path}`, {
          method: 'POST',
          headers: {
            ...headers(),
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'transfer-encoding': 'chunked',
          },
        });
        req.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
          response.on('error', () => resolve(undefined));
        });
        req.on('error', () => resolve(undefined));
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="filepond"\r\n\r\n{}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="filepond"; ` +
            `filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        );
        feed(
          (chunk) => !req.destroyed && req.write(chunk),
          () => req.end(`\r\n--${boundary}--\r\n`),
        );
      });
    },
    /** A whole file uploaded at once. */
    uploadWhole(
      file: { name: string; type: string; data: Buffer },
      options: { url?: string } = {},
    ) {
      return this.upload(
        file,
        (write, end) => {
          write(file.data);
          end();
        },
        options,
      );
    },
  };
}

export type SanctumClient = ReturnType<typeof sanctum>;

/**
 * A data folder and an empty database of the dialect under test for processes to share, the
 * environment that names them (with the first administrator), and how to remove both.
 */
export async function processArchive(label: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kinfolio-${label}-`));
  const postgres = testDialect() === 'postgres' ? await freshPostgresDatabase(label) : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? `sqlite:${path.join(dataDir, 'kinfolio.sqlite')}`,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ADMIN_EMAIL: PROCESS_ADMIN.email,
    ADMIN_PASSWORD: PROCESS_ADMIN.password,
    LOG_LEVEL: 'info',
  };
  return {
    dataDir,
    env,
    async remove() {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
