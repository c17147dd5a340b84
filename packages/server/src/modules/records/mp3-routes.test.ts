import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routePath, type RecordEntity, type RecordMp3Status } from '@kinfolio/contract';
import { sql } from 'kysely';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MissingBytesError, type FileStorage } from '../../storage/storage.js';
import { sineFile } from '../../test/audio.js';
import type { TestClient } from '../../test/client.js';
import { jobBackends } from '../../test/redis.js';
import { startTestS3 } from '../../test/s3.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { uploadFile } from '../../test/uploads.js';

// Both job backends: the app's database, and BullMQ when a Redis answers; and the database
// queue with every byte in an S3 bucket (s3rver) instead of local folders.
const s3 = await startTestS3();
afterAll(() => s3.close());
const backends: [string, Record<string, string>][] = [
  ...(await jobBackends('mp3')),
  ['database queue, S3 storage', s3.env(await s3.bucket())],
];

describe.each(backends)('records: MP3 generation routes on the %s', (_name, queueEnv) => {
  let server: TestServer;
  let dataDir: string;
  let editor: TestClient;
  let reader: TestClient;
  const parts: Record<string, Buffer> = {};

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-record-mp3-'));
    server = await createTestServer({ env: { DATA_DIR: dataDir, ...queueEnv } });
    await server.createUser({
      email: 'editor@example.com',
      permissions: ['records.edit', 'content.edit', 'content.delete'],
    });
    await server.createUser({ email: 'reader@example.com' });
    editor = await server.loggedIn('editor@example.com');
    reader = await server.loggedIn('reader@example.com');
    parts.one = fs.readFileSync(await sineFile(path.join(dataDir, 'one.wav'), 8, 440));
    parts.two = fs.readFileSync(
      await sineFile(path.join(dataDir, 'two.mp3'), 6, 660, { rate: 44100, channels: 2 }),
    );
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const generate = (client: TestClient, id: number) =>
    client.get(routePath('recordMp3Generate', { params: { id } }));
  const status = async (id: number): Promise<RecordMp3Status> =>
    (await reader.get(routePath('recordMp3Status', { params: { id } }))).json();
  const fileOf = (client: TestClient, id: number) =>
    client.get(routePath('recordMp3File', { params: { id } }));
  /** The record's MP3s in the storage (a folder or a bucket). */
  const mp3Files = async (id: number) => {
    const names: string[] = [];
    for await (const object of server.ctx.storage.mp3.list(`record-${id}-`)) {
      if (object.key.endsWith('.mp3')) names.push(object.key);
    }
    return names;
  };

  async function waitForReady(id: number): Promise<RecordMp3Status> {
    const seen: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const now = await status(id);
      seen.push(now.progress);
      if (now.status === 'ready') {
        expect(seen).toEqual([...seen].sort((a, b) => a - b));
        return now;
      }
      expect(['queued', 'running']).toContain(now.status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`record ${id}: MP3 never ready`);
  }

  async function recordWithParts(title: string): Promise<{ record: RecordEntity; ids: number[] }> {
    const created = await editor.post('/api/records', {
      lang: 'it',
      title,
      owner: 'Rosa Bianchi',
      registration_date: '1987-06-14',
    });
    expect(created.statusCode, created.body).toBe(201);
    const record: RecordEntity = created.json().record;
    const tokens: string[] = [];
    for (const [name, data] of [
      ['one.wav', parts.one!],
      ['two.mp3', parts.two!],
    ] as const) {
      const type = name.endsWith('.wav') ? 'audio/wav' : 'audio/mpeg';
      const uploaded = await uploadFile(editor, { name, type, data });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      tokens.push(uploaded.body);
    }
    const attached = await editor.patch(routePath('addFilepond'), {
      newmedias: tokens,
      modelId: record.id,
      modelType: 'record',
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const files = (await reader.get(`/api/records/${record.id}`)).json().files as { id: number }[];
    return { record, ids: files.map((f) => f.id) };
  }

  it('queues the job, answers 409 with Retry-After while it runs, then the address of the MP3', async () => {
    const { record } = await recordWithParts('Cassette 3, face A');
    expect(await status(record.id)).toMatchObject({ status: 'none', url: null });
    expect((await fileOf(reader, record.id)).statusCode).toBe(404);

    const queued = await generate(reader, record.id);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toMatchObject({ message: 'The MP3 is being generated.', url: null });
    expect(['queued', 'running']).toContain(queued.json().status);
    const jobId = queued.json().job_id;
    expect(typeof jobId).toBe('string');
    // The job is remembered in the database, where every instance and worker sees it.
    const remembered = await sql<{ job_id: string }>`
      select job_id from record_mp3_jobs where record_id = ${record.id}`.execute(server.ctx.db);
    expect(remembered.rows).toEqual([{ job_id: jobId }]);

    const busy = await fileOf(reader, record.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('record is currently generated, please retry');
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    reader.language = 'fr';
    expect((await fileOf(reader, record.id)).json().message).toBe(
      "l'enregistrement est en cours de génération, veuillez réessayer",
    );
    reader.language = 'en';
    // Asking again follows the same job.
    const again = await generate(editor, record.id);
    if (again.statusCode === 202) expect(again.json().job_id).toBe(jobId);

    const ready = await waitForReady(record.id);
    expect(ready.progress).toBe(100);
    const answer = await fileOf(reader, record.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().url).toBe(ready.url);

    const download = await reader.get(answer.json().url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('audio/mpeg');
    expect(download.headers['content-disposition']).toContain('Cassette 3, face A.mp3');
    const meta = await parseBuffer(download.rawPayload, { mimeType: 'audio/mpeg' });
    expect(meta.format.duration).toBeGreaterThan(13.8);
    expect(meta.format.duration).toBeLessThan(14.3);
    expect(meta.common.title).toBe('Cassette 3, face A');
    expect(meta.common.albumartist).toBe('Rosa Bianchi');
    expect(meta.common.year).toBe(1987);

    const range = await reader.send('GET', answer.json().url, undefined, {
      headers: { range: 'bytes=0-99' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
    expect(range.rawPayload).toEqual(download.rawPayload.subarray(0, 100));
    expect(range.headers['content-range']).toBe(`bytes 0-99/${download.rawPayload.length}`);
    expect(range.headers.etag).toBe(download.headers.etag);
    expect(download.headers['content-security-policy']).toContain("default-src 'none'");
    expect(download.headers['content-disposition']).toMatch(/^inline;/);

    // Bytes lost between the check and the read: a clean, localised 410, no broken body.
    const storage = server.ctx.storage.mp3 as { open: FileStorage['open'] };
    const open = storage.open;
    storage.open = (key) => Promise.reject(new MissingBytesError(key));
    try {
      const gone = await reader.get(answer.json().url);
      expect(gone.statusCode).toBe(410);
      expect(gone.headers['content-disposition']).toBeUndefined();
      expect(gone.json().message).toEqual(expect.any(String));
    } finally {
      storage.open = open;
    }

    // On S3 every byte is in the bucket, none in DATA_DIR.
    if (queueEnv.STORAGE === 's3') {
      expect(await mp3Files(record.id)).toHaveLength(1);
      expect(fs.existsSync(path.join(dataDir, 'records-mp3'))).toBe(false);
    }

    // Already made: nothing is queued again.
    const done = await generate(reader, record.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'ready', message: 'The MP3 is ready.' });
  }, 60_000);

  it('makes the MP3 stale when the parts are re-ordered, and replaces it when made again', async () => {
    const { record, ids } = await recordWithParts('Cassette 4');
    await generate(editor, record.id);
    const first = await waitForReady(record.id);

    const ordered = await editor.patch(`/api/records-files/${record.id}`, {
      files: [...ids].reverse(),
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    // The MP3 is on disk a moment before the queue marks its job done (BullMQ completes it after
    // the handler returns): until then the status says the job still runs.
    await expect.poll(async () => (await status(record.id)).status).toBe('stale');
    expect(await status(record.id)).toMatchObject({ status: 'stale', url: null });
    const stale = await fileOf(reader, record.id);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toMatch(/not been generated yet, or the record has changed/);
    expect((await reader.get(first.url!)).statusCode).toBe(404);

    expect((await generate(reader, record.id)).statusCode).toBe(202);
    const second = await waitForReady(record.id);
    expect(second.url).not.toBe(first.url);
    // The stale MP3 goes once the new one is in place.
    await expect.poll(() => mp3Files(record.id), { timeout: 5000 }).toHaveLength(1);

    // A new title is a new ID3 tag: stale too.
    await editor.patch(`/api/records/${record.id}`, { title: 'Cassette 4, face B' });
    await expect.poll(async () => (await status(record.id)).status).toBe('stale');
  }, 60_000);

  it('refuses a record without audio, unknown records and anonymous callers', async () => {
    const empty = (await editor.post('/api/records', { lang: 'fr', title: 'Muet' })).json().record;
    const refused = await generate(editor, empty.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This record has no audio part to make an MP3 of.');
    expect(await status(empty.id)).toMatchObject({ status: 'no_parts' });
    expect((await fileOf(reader, empty.id)).statusCode).toBe(404);

    for (const name of [
      'recordMp3Generate',
      'recordMp3Status',
      'recordMp3File',
      'recordMp3Download',
    ] as const) {
      const url = routePath(name, { params: { id: 999999 } });
      expect((await reader.get(url)).statusCode, url).toBe(404);
      expect((await server.client().get(url)).statusCode, url).toBe(401);
    }
  });

  it('records a generation that fails every attempt, and says so', async () => {
    const created = await editor.post('/api/records', { lang: 'fr', title: 'Bande abîmée' });
    const record: RecordEntity = created.json().record;
    const data = Buffer.from('RIFF not really a wave'.padEnd(3000, 'x'));
    const uploaded = await uploadFile(editor, { name: 'broken.wav', type: 'audio/wav', data });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const attached = await editor.patch(routePath('addFilepond'), {
      newmedias: [uploaded.body],
      modelId: record.id,
      modelType: 'record',
    });
    expect(attached.statusCode, attached.body).toBe(200);

    expect((await generate(reader, record.id)).statusCode).toBe(202);
    // Two attempts, 5 s apart, then the failure is kept for the admin's failed jobs screen.
    await expect
      .poll(async () => (await status(record.id)).status, { timeout: 25_000, interval: 250 })
      .toBe('failed');
    expect((await fileOf(reader, record.id)).statusCode).toBe(404);
    const { rows } = await server.ctx.jobs.failed.list(1, 50);
    const failure = rows.find(
      (row) => row.name === 'records.mp3' && JSON.stringify(row.payload).includes(`${record.id}`),
    );
    expect(failure?.attempts).toBe(2);
    expect(failure?.error).toMatch(/not audio or video: not given to ffmpeg/);
    expect(await mp3Files(record.id)).toEqual([]);
  }, 60_000);

  it('removes the MP3 with the record when it is deleted for good', async () => {
    const { record } = await recordWithParts('Cassette 5');
    await generate(editor, record.id);
    await waitForReady(record.id);
    expect(await mp3Files(record.id)).toHaveLength(1);
    expect((await editor.delete(`/api/records/${record.id}`)).statusCode).toBe(200);
    // In the trash it keeps its MP3, for a restore.
    expect(await mp3Files(record.id)).toHaveLength(1);
    expect((await editor.delete(`/api/records-harddelete/${record.id}`)).statusCode).toBe(200);
    expect(await mp3Files(record.id)).toEqual([]);
    // Its job's bookkeeping went with it.
    const jobs = await sql<{ n: number | string }>`
      select count(*) as n from record_mp3_jobs where record_id = ${record.id}`.execute(
      server.ctx.db,
    );
    expect(Number(jobs.rows[0]?.n)).toBe(0);
  }, 60_000);
});
