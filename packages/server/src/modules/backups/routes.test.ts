import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { routes } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed.js';
import type { StorageKind } from '../../storage/storage.js';
import type { TestClient } from '../../test/client.js';
import { startTestS3 } from '../../test/s3.js';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';
import { multipartBody } from '../../test/uploads.js';
import { BACKUP_SCHEDULE_JOB } from './service.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-backup-api-'));
const s3 = await startTestS3();
afterAll(async () => {
  await s3.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Local folders (the default), or every byte in a bucket of its own per server. */
const storages: [string, () => Promise<Record<string, string>>][] = [
  ['local storage', () => Promise.resolve({})],
  ['S3 storage', async () => s3.env(await s3.bucket())],
];

/** The keys stored under a kind. */
async function keysOf(server: TestServer, kind: StorageKind): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of server.ctx.storage[kind].list()) keys.push(object.key);
  return keys.sort();
}

async function waitDone(admin: TestClient, id: number) {
  for (let i = 0; i < 600; i += 1) {
    const response = await admin.get(`/api/backups/${id}`);
    const backup = response.json<{ status: string; progress: number }>();
    if (backup.status !== 'running') return backup;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('backup did not finish');
}

const upload = (client: TestClient, data: Buffer) => {
  const { payload, contentType } = multipartBody(
    { name: 'backup.tar', type: 'application/x-tar', data },
    'backup',
  );
  return client.sendRaw('POST', routes.backupRestore.path, payload, {
    'content-type': contentType,
  });
};

describe.each(storages)('backup routes on %s', (_name, storageEnv) => {
  const serverIn = async (name: string) =>
    createTestServer({
      env: {
        DATA_DIR: fs.mkdtempSync(path.join(tmp, `${name}-`)),
        JOB_POLL_MS: '20',
        ...(await storageEnv()),
      },
    });
  let server: TestServer;
  let admin: TestClient;
  let editor: TestClient;
  let backupId: number;
  let bytes: Buffer;

  beforeAll(async () => {
    server = await serverIn('source');
    await seedDemo(server.ctx, { size: 12, seed: 4, audio: server.ctx.storage.files });
    ({ editor } = await server.editorAndReader());
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('refuses every backup route to a user who is not an admin', async () => {
    const calls = [
      editor.get('/api/backups'),
      editor.post('/api/backups'),
      editor.get('/api/backups/1'),
      editor.get('/api/backups/1/download'),
      editor.post('/api/backups/1/verify'),
      editor.delete('/api/backups/1'),
      editor.get('/api/backup-schedule'),
      editor.send('PUT', '/api/backup-schedule', { nightly: true, hour: 2, keep: 3 }),
      upload(editor, Buffer.from('x')),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
  });

  it('makes a backup as a job, with its progress, and lists it', async () => {
    const response = await admin.post('/api/backups');
    expect(response.statusCode).toBe(202);
    const { backup } = response.json<{ backup: { id: number; status: string } }>();
    expect(backup.status).toBe('running');
    backupId = backup.id;
    const done = await waitDone(admin, backupId);
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    const list = (await admin.get('/api/backups')).json<{
      data: { id: number; created_by: string; counts: { tables: Record<string, number> } }[];
    }>();
    expect(list.data[0]).toMatchObject({ id: backupId, created_by: ADMIN.name });
    expect(list.data[0]!.counts.tables.items).toBeGreaterThanOrEqual(12);
  });

  it('downloads it as an attachment, and verifies it', async () => {
    const response = await admin.get(`/api/backups/${backupId}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="kinfolio-backup-.*\.tar"$/,
    );
    bytes = response.rawPayload;
    const listed = (await admin.get(`/api/backups/${backupId}`)).json<{ sha256: string }>();
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(listed.sha256);
    expect(response.headers['cache-control']).toBe('private, no-store');
    // A download cut short resumes where it broke off.
    const rest = await admin.send('GET', `/api/backups/${backupId}/download`, undefined, {
      headers: { range: `bytes=1000-` },
    });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(bytes.subarray(1000))).toBe(true);
    const verified = await admin.post(`/api/backups/${backupId}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json<{ format_version: number }>().format_version).toBe(1);
  });

  it('lists a written backup among the downloads, with its size, maker and link', async () => {
    const { size } = (await admin.get(`/api/backups/${backupId}`)).json<{ size: number }>();
    const data = (await admin.get('/api/downloads')).json<{
      data: { kind: string; key: string; size: number; who: string | null; url: string }[];
    }>().data;
    expect(data.filter((entry) => entry.kind === 'backup')).toEqual([
      expect.objectContaining({
        key: `backup-${backupId}`,
        size,
        who: ADMIN.name,
        url: `/api/backups/${backupId}/download`,
      }),
    ]);
    // The link answers with the file.
    expect((await admin.get(data.find((e) => e.kind === 'backup')!.url)).statusCode).toBe(200);
  });

  it('keeps the schedule the admin sets', async () => {
    expect((await admin.get('/api/backup-schedule')).json()).toEqual({
      nightly: false,
      hour: 3,
      keep: 7,
    });
    const saved = await admin.send('PUT', '/api/backup-schedule', {
      nightly: true,
      hour: 22,
      keep: 2,
    });
    expect(saved.statusCode).toBe(200);
    expect((await admin.get('/api/backup-schedule')).json()).toEqual({
      nightly: true,
      hour: 22,
      keep: 2,
    });
    const bad = await admin.send('PUT', '/api/backup-schedule', { nightly: 1, hour: 25, keep: 0 });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses to restore into an archive that is not empty', async () => {
    admin.language = 'fr';
    const response = await upload(admin, bytes);
    admin.language = 'en';
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/n’est pas vide/);
  });

  it('restores an uploaded backup into an empty archive, and refuses a damaged one', async () => {
    const target = await serverIn('target');
    try {
      await target.createUser({ ...ADMIN, email: 'other@example.com', permissions: ['admin'] });
      const other = await target.loggedIn('other@example.com', ADMIN.password);
      const damaged = Buffer.from(bytes);
      damaged[900] = damaged[900]! ^ 0xff;
      other.language = 'de';
      const refused = await upload(other, damaged);
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ message: string }>().message).toMatch(/beschädigt/);
      expect(await target.ctx.db.selectFrom('items').select('id').execute()).toEqual([]);

      const restored = await upload(other, bytes);
      expect(restored.statusCode).toBe(200);
      expect(restored.json<{ counts: { files: number } }>().counts.files).toBeGreaterThan(0);
      // The files are the source's, in the target's storage; the uploads are gone.
      expect(await keysOf(target, 'files')).toEqual(await keysOf(server, 'files'));
      expect(await keysOf(target, 'restores')).toEqual([]);
      // The accounts are the backup's: the source's admin logs in, and sees the same items.
      const again = await target.loggedIn(ADMIN.email, ADMIN.password);
      const [a, b] = await Promise.all([
        admin.get('/api/participants'),
        again.get('/api/participants'),
      ]);
      expect(b.statusCode).toBe(200);
      expect(b.json()).toEqual(a.json());
    } finally {
      await target.close();
    }
  }, 60_000);

  it('answers a clean 404 when the bytes of a backup are gone', async () => {
    const key = (await keysOf(server, 'backups'))[0]!;
    await server.ctx.storage.backups.delete(key);
    try {
      const gone = await admin.get(`/api/backups/${backupId}/download`);
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['content-disposition']).toBeUndefined();
      const downloads = (await admin.get('/api/downloads')).json<{ data: { kind: string }[] }>();
      expect(downloads.data.filter((entry) => entry.kind === 'backup')).toEqual([]);
    } finally {
      await server.ctx.storage.backups.put(key, Readable.from([bytes]));
    }
  });

  it('deletes a backup and its file', async () => {
    const [key] = await keysOf(server, 'backups');
    expect(key).toMatch(/^kinfolio-backup-.*\.tar$/);
    if (server.config.storage.kind === 'local') {
      expect(fs.existsSync(path.join(server.config.backups.dir, key!))).toBe(true);
    }
    expect((await admin.delete(`/api/backups/${backupId}`)).statusCode).toBe(200);
    expect(await keysOf(server, 'backups')).toEqual([]);
    expect((await admin.get(`/api/backups/${backupId}`)).statusCode).toBe(404);
    const downloads = (await admin.get('/api/downloads')).json<{ data: { kind: string }[] }>();
    expect(downloads.data.filter((entry) => entry.kind === 'backup')).toEqual([]);
  });
});

describe('nightly backups', () => {
  const night = new Date(2026, 2, 1, 2, 30);
  let clock = night;
  // Its own folder: the first suite removes the shared one when it ends.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-backup-nightly-'));
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await createTestServer({
      env: { DATA_DIR: dataDir, JOB_POLL_MS: '20' },
      now: () => clock,
    });
    await seedDemo(server.ctx, { size: 6, seed: 5, audio: server.ctx.storage.files });
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const backups = async () =>
    server.ctx.db
      .selectFrom('backups')
      .select(['id', 'origin', 'status', 'file_name'])
      .orderBy('id')
      .execute();

  /** Runs the schedule's check once, as its recurring job does, and waits for what it started. */
  async function checkSchedule() {
    const id = await server.ctx.jobs.enqueue(BACKUP_SCHEDULE_JOB, null);
    for (let i = 0; i < 600; i += 1) {
      const job = await server.ctx.jobs.status(id);
      const running = (await backups()).some((b) => b.status === 'running');
      if (job?.state === 'failed') throw new Error(job.error ?? 'the schedule check failed');
      if (job?.state === 'done' && !running) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the schedule check did not finish');
  }

  it('makes one backup a night at the hour set and keeps only the last nightly ones', async () => {
    const saved = await admin.send('PUT', '/api/backup-schedule', {
      nightly: true,
      hour: 2,
      keep: 2,
    });
    expect(saved.statusCode).toBe(200);
    const manual = (await admin.post('/api/backups')).json<{ backup: { id: number } }>().backup;
    await waitDone(admin, manual.id);

    for (let day = 0; day < 3; day += 1) {
      clock = new Date(night.getTime() + day * 24 * 3_600_000);
      await checkSchedule();
      // A second check the same night makes nothing more.
      await checkSchedule();
    }
    // Not at another hour.
    clock = new Date(night.getTime() + 3 * 24 * 3_600_000 + 5 * 3_600_000);
    await checkSchedule();

    const rows = await backups();
    expect(rows.filter((b) => b.origin === 'manual').map((b) => b.id)).toEqual([manual.id]);
    const nightly = rows.filter((b) => b.origin === 'scheduled');
    expect(nightly.map((b) => b.status)).toEqual(['done', 'done']);
    // The first night's backup was removed with its file once the third was written.
    expect(await keysOf(server, 'backups')).toEqual(rows.map((b) => b.file_name).sort());
    expect(nightly[0]!.id).toBeGreaterThan(manual.id + 1);
  }, 120_000);
});
