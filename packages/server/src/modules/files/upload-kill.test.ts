import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { itemRoutes, routes } from '@kinfolio/contract';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect.js';
import { TEST_PG_URL, testDialect } from '../../test/database.js';

/**
 * The real server, killed with SIGKILL while uploads stream in (some mid-body, some between their
 * bytes and their row), then started again: its files check leaves exactly the files of the rows.
 */

const root = path.resolve(import.meta.dirname, '../../../../..');
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the first log line whose msg is `msg`. */
  logLine: (msg: string) => Promise<Record<string, unknown>>;
}

let dataDir: string;
let databaseUrl: string;
let dropDatabase: () => Promise<void> = async () => undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-kill-'));
  if (testDialect() === 'sqlite') {
    databaseUrl = `sqlite:${path.join(dataDir, 'kinfolio.sqlite')}`;
    return;
  }
  const name = `kinfolio_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: TEST_PG_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts'), 'serve'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  const lines: Record<string, unknown>[] = [];
  const waiting: { msg: string; resolve: (line: Record<string, unknown>) => void }[] = [];
  const onLine = (text: string) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    lines.push(line);
    for (const waiter of waiting.filter((w) => w.msg === line.msg)) waiter.resolve(line);
  };
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop()!;
    parts.forEach(onLine);
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const logLine = (msg: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const seen = lines.find((line) => line.msg === msg);
      if (seen) return resolve(seen);
      waiting.push({ msg, resolve });
      child.once('exit', () => reject(new Error(`server exited before "${msg}":\n${output}`)));
    });
  return logLine('files reconciled').then(async () => {
    const listening = lines.find((line) => String(line.msg).startsWith('Server listening at'));
    const url = listening
      ? String(listening.msg).replace('Server listening at ', '')
      : String((await logLine('Server listening at')).msg);
    return { child, url, output: () => output, logLine };
  });
}

/** A cookie jar speaking the Sanctum SPA dialect, over plain HTTP like any outside client. */
function sanctum(url: string) {
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
  async function request(method: string, route: string, body?: unknown) {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        ...headers(),
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    keep(response.headers.getSetCookie());
    return { status: response.status, text: await response.text() };
  }
  return {
    request,
    async login() {
      await request('GET', '/sanctum/csrf-cookie');
      const login = await request('POST', routes.login.path, { ...ADMIN, remember: false });
      expect(login.status, login.text).toBe(200);
      await request('GET', '/sanctum/csrf-cookie');
    },
    /**
     * A FilePond upload whose body is streamed by `feed`; resolves with the status, or with
     * undefined when the connection dies (the server was killed).
     */
    upload(
      file: { name: string; type: string },
      feed: (write: (chunk: Buffer) => boolean, end: () => void) => void,
    ): Promise<{ status: number; body: string } | undefined> {
      const boundary = `----kinfolio${randomBytes(8).toString('hex')}`;
      return new Promise((resolve) => {
        const req = http.request(`${url}${routes.filepondProcess.path}`, {
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
  };
}

/** Every file under DATA_DIR/files, relative, partial writes included. */
function filesOnDisk(): string[] {
  const dir = path.join(dataDir, 'files');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((rel) => rel.split(path.sep).join('/'))
    .sort();
}

async function rowsOfFiles() {
  const handle = connectDatabase(
    databaseUrl.startsWith('sqlite:')
      ? { dialect: 'sqlite', file: databaseUrl.slice('sqlite:'.length) }
      : { dialect: 'postgres', url: databaseUrl },
  );
  try {
    return await handle.db
      .selectFrom('files')
      .select(['id', 'item_id', 'storage_key', 'thumb_key'])
      .execute();
  } finally {
    await handle.destroy();
  }
}

it('leaves no byte without a row and no row without bytes after kill -9 mid-upload', async () => {
  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#225588' },
  })
    .jpeg()
    .toBuffer();
  const first = await start();
  const client = sanctum(first.url);
  await client.login();

  // What was acknowledged before the crash must survive it: an attached photo, a pending upload.
  const whole = (name: string) =>
    client.upload({ name, type: 'image/jpeg' }, (write, end) => {
      write(photo);
      end();
    });
  const attachedUpload = await whole('attached.jpg');
  const pendingUpload = await whole('pending.jpg');
  expect(attachedUpload?.status).toBe(201);
  expect(pendingUpload?.status).toBe(201);
  const created = await client.request('POST', itemRoutes.media.create.path, {
    title: 'Album',
    language: 'fr',
  });
  expect(created.status, created.text).toBe(201);
  const itemId = (JSON.parse(created.text) as { item: { id: number } }).item.id;
  const attach = await client.request('PATCH', routes.addFilepond.path, {
    newmedias: [attachedUpload!.body],
    modelId: itemId,
    modelType: 'App\\Models\\Media',
  });
  expect(attach.status, attach.text).toBe(200);

  // Slow uploads that never finish, and quick ones in a loop: the kill lands mid-body for the
  // first, and at any step (bytes, rename, thumbnail, row) for the second.
  let killed = false;
  const slow = Array.from({ length: 6 }, (_, i) =>
    client.upload({ name: `slow-${i}.mp3`, type: 'audio/mpeg' }, (write) => {
      const timer = setInterval(() => {
        if (killed || !write(randomBytes(16 * 1024))) clearInterval(timer);
      }, 20);
    }),
  );
  const quick = Array.from({ length: 3 }, async (_, i) => {
    let n = 0;
    while (!killed) await whole(`quick-${i}-${n++}.jpg`);
    return n;
  });
  const deadline = Date.now() + 10_000;
  while (filesOnDisk().filter((file) => file.endsWith('.part')).length < 6) {
    if (Date.now() > deadline) throw new Error(`no partial uploads:\n${first.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  await exited;
  killed = true;
  await Promise.all([...slow, ...quick]);

  const left = filesOnDisk();
  const rowsAfterKill = await rowsOfFiles();
  const referencedAfterKill = new Set(
    rowsAfterKill.flatMap((row) => [row.storage_key, row.thumb_key ?? '']),
  );
  // The crash did leave debris behind: that is what the restart must clean.
  expect(left.filter((file) => file.endsWith('.part')).length).toBeGreaterThanOrEqual(6);
  expect(left.filter((file) => !referencedAfterKill.has(file)).length).toBeGreaterThan(0);

  const second = await start({ ORPHAN_GRACE_MINUTES: '0' });
  try {
    const report = await second.logLine('files reconciled');
    const rows = await rowsOfFiles();
    const expected = rows
      .flatMap((row) => (row.thumb_key ? [row.storage_key, row.thumb_key] : [row.storage_key]))
      .sort();
    expect(filesOnDisk()).toEqual(expected);
    expect(report).toMatchObject({ missing: 0, temporaryRowsRemoved: 0, guarded: false });
    expect(Number(report.partialsRemoved)).toBeGreaterThanOrEqual(6);
    // Nothing acknowledged was lost: the attached photo and the pending upload are there.
    expect(rows.filter((row) => row.item_id === itemId)).toHaveLength(1);
    expect(rows.length).toBe(rowsAfterKill.length);
    expect(rows.length).toBeGreaterThanOrEqual(2);
  } finally {
    const stopped = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    await stopped;
  }
}, 40_000);
