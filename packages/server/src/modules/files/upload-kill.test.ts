import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { itemRoutes, routes } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { connectDatabase } from '../../db/connect.js';
import { testDialect } from '../../test/database.js';
import {
  freshPostgresDatabase,
  PROCESS_ADMIN,
  sanctum,
  startServer,
  stopProcess,
  type KinfolioProcess,
} from '../../test/processes.js';

/**
 * The real server, killed with SIGKILL while uploads stream in (some mid-body, some between their
 * bytes and their row), then started again: its files check leaves exactly the files of the rows.
 */

let dataDir: string;
let databaseUrl: string;
let dropDatabase: () => Promise<void> = async () => undefined;
const children: KinfolioProcess[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-kill-'));
  if (testDialect() === 'sqlite') {
    databaseUrl = `sqlite:${path.join(dataDir, 'kinfolio.sqlite')}`;
    return;
  }
  const database = await freshPostgresDatabase('kill');
  databaseUrl = database.url;
  dropDatabase = database.drop;
});

afterAll(async () => {
  for (const child of children) await stopProcess(child, 'SIGKILL');
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server, once its files check at start has run. */
async function start(env: Record<string, string> = {}) {
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ADMIN_EMAIL: PROCESS_ADMIN.email,
    ADMIN_PASSWORD: PROCESS_ADMIN.password,
    LOG_LEVEL: 'info',
    ...env,
  });
  children.push(server);
  await server.logLine('files reconciled');
  return server;
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
  // The kill lands once the slow uploads are into their bodies (bytes of each on disk).
  const sizeOf = (file: string) =>
    fs.statSync(path.join(dataDir, 'files', file), { throwIfNoEntry: false })?.size ?? 0;
  await vi.waitFor(
    () => {
      const started = filesOnDisk().filter((file) => file.endsWith('.part'));
      const writing = started.filter((file) => sizeOf(file) > 0);
      expect(writing.length, first.output()).toBeGreaterThanOrEqual(6);
    },
    { timeout: 10_000, interval: 50 },
  );
  await stopProcess(first, 'SIGKILL');
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
    await stopProcess(second);
  }
}, 60_000);
