import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PG_URL, testDialect } from './test/database.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * `npm start` runs the server built to JavaScript with plain node (no tsx): build it the same way,
 * into a folder of its own under packages/server/dist (where node finds the packages), and run it.
 */
describe('the server built to JavaScript', () => {
  const outDir = path.join(root, 'packages/server/dist', `.test-${randomBytes(4).toString('hex')}`);
  const entry = path.join(outDir, 'main.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-build-'));
  const pgName = `kinfolio_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  let databaseUrl = `sqlite:${path.join(dataDir, 'kinfolio.sqlite')}`;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    await run(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--outfile', entry]);
    if (testDialect() === 'postgres') {
      const admin = new pg.Client({ connectionString: TEST_PG_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${pgName}`);
      await admin.end();
      const url = new URL(TEST_PG_URL);
      url.pathname = `/${pgName}`;
      databaseUrl = url.toString();
    }
  });

  afterAll(async () => {
    server?.kill('SIGKILL');
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (testDialect() === 'postgres') {
      const admin = new pg.Client({ connectionString: TEST_PG_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
      await admin.end();
    }
  });

  const env = () => ({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  });

  it('is one file with the contract inside and every other package left to node', () => {
    const code = fs.readFileSync(entry, 'utf8');
    expect(code).not.toMatch(/from ["']@kinfolio\/contract["']/);
    expect(code).not.toMatch(/from ["']tsx/);
    for (const native of ['better-sqlite3', 'sharp', '@node-rs/argon2'])
      expect(code).toContain(`from "${native}"`);
  });

  it('runs its command line with plain node (migrate)', async () => {
    const { stdout } = await run(process.execPath, [entry, 'migrate'], { env: env() });
    expect(stdout).toMatch(/^Applied: 0001_foundation, /);
  });

  it('serves the API with plain node', async () => {
    const port = await freePort();
    let output = '';
    server = spawn(process.execPath, [entry, 'serve'], {
      env: { ...env(), PORT: String(port), HOST: '127.0.0.1', WEB_DIST: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}/api/site-translations`;
    let response: Response | undefined;
    for (let attempt = 0; attempt < 100 && !response; attempt++) {
      response = await fetch(url).catch(() => undefined);
      if (!response) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(response?.status, output).toBe(200);
    expect(await response?.json()).toEqual([]);
    const csrf = await fetch(`http://127.0.0.1:${port}/sanctum/csrf-cookie`);
    expect(csrf.status).toBe(204);
  });
});
