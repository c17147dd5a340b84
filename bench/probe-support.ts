/** The probe's outside view of a server: an HTTP client, the server process, the database. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { routes, XSRF_COOKIE, XSRF_HEADER } from '@kinfolio/contract';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
/** Tables a refused request may write to: its session, and the login counters. */
const WRITTEN_BY_ANY_REQUEST = ['sessions', 'login_throttle'];

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export class Client {
  cookies = new Map<string, string>();
  constructor(
    readonly port: number,
    readonly localAddress = '127.0.0.1',
  ) {}

  request(method: string, url: string, body?: unknown, raw?: Buffer): Promise<Answer> {
    const payload = raw ?? (body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': 'fr' };
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    if (payload && !raw) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path: url,
          headers,
          localAddress: this.localAddress,
          // A connection of its own per request: a kept-alive one closed by the server after an
          // early answer (413, 415) would fail the next request on the client side.
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair] = line.split(';');
              const [name, ...rest] = pair!.split('=');
              this.cookies.set(name!.trim(), rest.join('='));
            }
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString(),
            });
          });
        },
      );
      req.on('error', reject);
      // A request that gets no answer is a finding too; never wait for ever.
      req.setTimeout(15_000, () => req.destroy(new Error(`no answer: ${method} ${url}`)));
      req.end(payload);
    });
  }

  async login(email: string, password: string): Promise<Answer> {
    if (!this.cookies.has(XSRF_COOKIE)) await this.request('GET', routes.csrfCookie.path);
    return this.request('POST', routes.login.path, { email, password });
  }
}

export interface Running {
  child: ChildProcess;
  port: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts'), 'serve'],
    {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  for (let i = 0; i < 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      await new Client(port).request('GET', routes.appState.path);
      return { child, port };
    } catch {
      // not listening yet
    }
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

export function stop(running: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    running.child.once('exit', () => resolve());
    running.child.kill(signal);
  });
}

/** A digest of every table's rows and the stamps, read from outside the server. */
export interface Inspector {
  digest(): Promise<string>;
  stamps(): Promise<string>;
  fileRows(): Promise<string[]>;
  close(): Promise<void>;
}

export function sqliteInspector(file: string): Inspector {
  const db = new SQLite(file, { readonly: true });
  const tables = () =>
    (
      db
        .prepare(
          `select name from sqlite_master where type='table' and name not like 'sqlite_%' and name not like 'items_fts%'`,
        )
        .all() as { name: string }[]
    )
      .map((r) => r.name)
      .filter((name) => !WRITTEN_BY_ANY_REQUEST.includes(name));
  return {
    async digest() {
      const hash = createHash('sha1');
      for (const table of tables())
        hash.update(JSON.stringify(db.prepare(`select * from "${table}" order by 1`).all()));
      return hash.digest('hex');
    },
    async stamps() {
      return JSON.stringify(db.prepare('select * from change_stamps order by name').all());
    },
    async fileRows() {
      return (db.prepare('select storage_key from files').all() as { storage_key: string }[]).map(
        (r) => r.storage_key,
      );
    },
    async close() {
      db.close();
    },
  };
}

export function postgresInspector(url: string): Inspector {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const tables = async () =>
    (
      await pool.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema='public' and table_type='BASE TABLE'`,
      )
    ).rows
      .map((r) => r.name)
      .filter((name) => !WRITTEN_BY_ANY_REQUEST.includes(name))
      .sort();
  return {
    async digest() {
      const hash = createHash('sha1');
      for (const table of await tables())
        hash.update(JSON.stringify((await pool.query(`select * from "${table}" order by 1`)).rows));
      return hash.digest('hex');
    },
    async stamps() {
      return JSON.stringify((await pool.query('select * from change_stamps order by name')).rows);
    },
    async fileRows() {
      return (await pool.query<{ storage_key: string }>('select storage_key from files')).rows.map(
        (r) => r.storage_key,
      );
    },
    close: () => pool.end(),
  };
}
