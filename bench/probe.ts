/**
 * `npm run probe [-- --dialect sqlite|postgres|both --requests N]`: the hardening probes, run from
 * outside against a real server process (not a test): random malformed requests to every route of
 * the contract's table (5xx count; refused requests that changed a table or bumped a stamp),
 * kill -9 in the middle of uploads (files on disk without a row, rows without bytes), and login
 * guesses from many loopback addresses. Prints the figures; the exit code says whether any probe
 * found a fault.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { routes, XSRF_COOKIE, XSRF_HEADER, type RouteDef } from '@kinfolio/contract';
import pg from 'pg';
import {
  Client,
  postgresInspector,
  sqliteInspector,
  startServer,
  stop,
  type Inspector,
  type Running,
} from './probe-support.js';

const { values } = parseArgs({
  options: {
    dialect: { type: 'string', default: 'both' },
    requests: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '1' },
  },
});
const PG_URL = process.env.KINFOLIO_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'probe@example.com', password: 'probe-password-1' };

// A small deterministic generator, so a finding can be replayed with the same --seed.
let state = Number(values.seed) >>> 0 || 1;
function random(): number {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 0x1_0000_0000;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const BAD_SCALARS: unknown[] = [
  '0x10',
  '0b1111',
  '1.6e1',
  ' 16\n',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  '%00',
  'null',
  '',
  'é'.repeat(300),
  'x'.repeat(70_000),
  '\u0000',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  null,
  true,
  -5,
  1.5,
  1e308,
  [],
  [1, 'a', null],
  {},
  { $gt: '' },
  { nested: { deeper: [{}] } },
];
const PATH_SEGMENTS = [
  '0x10',
  '0b1111',
  '1.6e1',
  '%2016%0A',
  '-1',
  '2147483648',
  'abc',
  '%00',
  '1',
];

function randomBody(def: RouteDef): unknown {
  const shapes: unknown[] = [
    undefined,
    pick(BAD_SCALARS),
    Object.fromEntries(
      Array.from({ length: 1 + Math.floor(random() * 4) }, () => [
        pick([
          'id',
          'name',
          'title',
          'content',
          'language',
          'email',
          'password',
          'ids',
          'keep',
          'newmedias',
          'modelId',
          'modelType',
          'text',
          'key',
          'parent_id',
          'permissions',
          'active',
          'participants',
          'tags',
          'categories',
          'date',
        ]),
        pick(BAD_SCALARS),
      ]),
    ),
  ];
  return def.method === 'GET' ? undefined : pick(shapes);
}

function randomUrl(def: RouteDef): string {
  const filled = def.path.replace(/:([A-Za-z_]+)/g, () => pick(PATH_SEGMENTS));
  if (random() < 0.5) return filled;
  const key = pick([
    'page',
    'per_page',
    'query',
    'language',
    'search',
    'id',
    'thumb',
    'expires',
    'signature',
  ]);
  const value = pick(BAD_SCALARS);
  return `${filled}?${encodeURIComponent(key)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;
}

async function fuzz(running: Running, inspector: Inspector, count: number) {
  const admin = new Client(running.port);
  if ((await admin.login(ADMIN.email, ADMIN.password)).status !== 200)
    throw new Error('login failed');
  // Something for the routes to find: a tag, a participant, a category and an item.
  await admin.request('POST', routes.tagCreate.path, { name: { fr: 'Sonde' } });
  await admin.request('POST', routes.participantCreate.path, { name: 'Sonde' });
  await admin.request('POST', routes.categoryCreate.path, { name: { fr: 'Sonde' } });
  await admin.request('POST', routes['post.create'].path, {
    title: 'Sonde',
    content: '<p>sonde</p>',
    language: 'fr',
  });
  const anonymous = new Client(running.port);
  await anonymous.request('GET', routes.csrfCookie.path);
  const defs = Object.values(routes).filter((def) => def.path !== routes.logout.path) as RouteDef[];
  let serverErrors = 0;
  let refused = 0;
  let refusedThatChanged = 0;
  let refusedThatBumped = 0;
  const findings: string[] = [];
  for (let i = 0; i < count; i++) {
    const def = pick(defs);
    const client = random() < 0.85 ? admin : anonymous;
    const url = randomUrl(def);
    const body = randomBody(def);
    const [digestBefore, stampsBefore] = [await inspector.digest(), await inspector.stamps()];
    const answer = await client.request(def.method, url, body).catch((error: Error) => {
      findings.push(error.message);
      return { status: 599, headers: {}, body: '' };
    });
    if (answer.status >= 500) {
      serverErrors++;
      if (findings.length < 10)
        findings.push(
          `${answer.status} ${def.method} ${url} ${JSON.stringify(body)?.slice(0, 200)}`,
        );
    }
    if (answer.status >= 400 && answer.status < 500) {
      refused++;
      if ((await inspector.digest()) !== digestBefore) {
        refusedThatChanged++;
        findings.push(`changed: ${answer.status} ${def.method} ${url}`);
      }
      if ((await inspector.stamps()) !== stampsBefore) {
        refusedThatBumped++;
        findings.push(`bumped: ${answer.status} ${def.method} ${url}`);
      }
    }
  }
  return {
    requests: count,
    serverErrors,
    refused,
    refusedThatChanged,
    refusedThatBumped,
    findings,
  };
}

/** Starts slow uploads, kills the server with SIGKILL in their middle, restarts, counts orphans. */
async function killDuringUploads(
  env: Record<string, string>,
  dataDir: string,
  inspector: () => Inspector,
) {
  let running = await startServer(env);
  const admin = new Client(running.port);
  await admin.login(ADMIN.email, ADMIN.password);
  const boundary = `probe${randomBytes(6).toString('hex')}`;
  const uploads: Promise<unknown>[] = [];
  // Some finished uploads first (rows that must keep their bytes), then slow ones cut by the kill.
  for (let i = 0; i < 5; i++) {
    const bytes = randomBytes(50_000);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="filepond"; filename="done${i}.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await rawUpload(admin, boundary, payload, 0);
  }
  for (let i = 0; i < 20; i++) {
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="filepond"; filename="slow${i}.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    uploads.push(
      rawUpload(
        admin,
        boundary,
        Buffer.concat([head, randomBytes(1_000_000), Buffer.from(`\r\n--${boundary}--\r\n`)]),
        30,
      ).catch(() => undefined),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 700));
  await stop(running, 'SIGKILL');
  await Promise.all(uploads);
  const afterKill = await filesState(dataDir, inspector);
  running = await startServer(env);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await stop(running);
  return { afterKill, afterRestart: await filesState(dataDir, inspector) };
}

/** Files on disk against file rows: leftovers of interrupted uploads, orphans, missing bytes. */
async function filesState(dataDir: string, inspector: () => Inspector) {
  const probe = inspector();
  const rows = new Set(await probe.fileRows());
  await probe.close();
  const filesDir = path.join(dataDir, 'files');
  const onDisk = fs.existsSync(filesDir)
    ? (fs.readdirSync(filesDir, { recursive: true }) as string[]).filter((p) =>
        fs.statSync(path.join(filesDir, p)).isFile(),
      )
    : [];
  const parts = onDisk.filter((p) => p.endsWith('.part'));
  const originals = onDisk.filter((p) => !p.endsWith('.part') && !p.includes('thumb'));
  const orphans = originals.filter((p) => !rows.has(p.split(path.sep).join('/')));
  const missing = [...rows].filter((key) => !fs.existsSync(path.join(filesDir, key)));
  return {
    rows: rows.size,
    filesOnDisk: onDisk.length,
    parts: parts.length,
    orphans: orphans.length,
    rowsWithoutBytes: missing.length,
  };
}

/** Sends a multipart body in chunks, `delayMs` apart, so a kill lands in its middle. */
function rawUpload(
  client: Client,
  boundary: string,
  payload: Buffer,
  delayMs: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      [XSRF_HEADER]: decodeURIComponent(client.cookies.get(XSRF_COOKIE) ?? ''),
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port: client.port,
        method: routes.filepondProcess.method,
        path: routes.filepondProcess.path,
        headers,
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    let offset = 0;
    const step = () => {
      if (offset >= payload.length) return req.end();
      const next = payload.subarray(offset, offset + 16_384);
      offset += next.length;
      req.write(next);
      if (delayMs) setTimeout(step, delayMs);
      else step();
    };
    step();
  });
}

async function throttling(running: Running) {
  // 20 addresses, 5 wrong guesses each, at one account.
  let accepted = 0;
  for (let a = 0; a < 20; a++) {
    const client = new Client(running.port, `127.0.0.${10 + a}`);
    for (let g = 0; g < 5; g++) {
      const answer = await client.login(ADMIN.email, `wrong-${a}-${g}`);
      if (answer.status !== 429) accepted++;
    }
  }
  // One address, 30 accounts, 5 guesses each.
  let acrossAccounts = 0;
  const single = new Client(running.port, '127.0.0.200');
  for (let u = 0; u < 30; u++) {
    for (let g = 0; g < 5; g++) {
      if ((await single.login(`someone${u}@example.com`, `wrong-${g}`)).status !== 429)
        acrossAccounts++;
    }
  }
  return {
    guessesAtOneAccountFrom20Addresses: accepted,
    guessesFromOneAddressAt30Accounts: acrossAccounts,
  };
}

async function probe(dialect: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kinfolio-probe-${dialect}-`));
  let databaseUrl: string;
  let inspector: () => Inspector;
  let dropDatabase = async () => undefined as void;
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'kinfolio.sqlite');
    databaseUrl = `sqlite:${file}`;
    inspector = () => sqliteInspector(file);
  } else {
    const name = `kinfolio_probe_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    inspector = () => postgresInspector(databaseUrl);
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: PG_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ORPHAN_GRACE_MINUTES: '0',
  };
  try {
    const running = await startServer(env);
    const view = inspector();
    const fuzzed = await fuzz(running, view, Number(values.requests));
    await view.close();
    await stop(running);
    const killed = await killDuringUploads(env, dataDir, inspector);
    // Last: the attack leaves the probe's admin account throttled.
    const again = await startServer(env);
    const throttled = await throttling(again);
    await stop(again);
    return { dialect, ...fuzzed, ...throttled, killDuringUploads: killed };
  } finally {
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const dialects =
  values.dialect === 'both'
    ? (['sqlite', 'postgres'] as const)
    : ([values.dialect as 'sqlite' | 'postgres'] as const);
let faults = 0;
for (const dialect of dialects) {
  const result = await probe(dialect);
  console.log(JSON.stringify(result, null, 2));
  faults +=
    result.serverErrors +
    result.refusedThatChanged +
    result.refusedThatBumped +
    result.killDuringUploads.afterRestart.orphans +
    result.killDuringUploads.afterRestart.parts +
    result.killDuringUploads.afterRestart.rowsWithoutBytes;
}
process.exit(faults > 0 ? 1 : 0);
