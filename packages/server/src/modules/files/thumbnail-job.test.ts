import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { itemRoutes, routes, type Item } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { CACHE_STATUS_HEADER } from '../../http/response-cache.js';
import type { FileStorage } from '../../storage/index.js';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { revertUpload, storedKeys, uploadFile } from '../../test/uploads.js';
import { makeThumbnail, THUMBNAIL_JOB } from './thumbnail-job.js';
import { THUMB_SUFFIX } from './thumbnails.js';

/** A photo taken with the camera turned: stored 1200×800, shown 800×1200 (EXIF orientation 6). */
const turnedPhoto = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#336699' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

/** A WebP larger than the head an upload keeps: its size is known only once decoded. */
async function bigWebp() {
  const raw = randomBytes(700 * 500 * 3);
  return sharp(raw, { raw: { width: 700, height: 500, channels: 3 } })
    .webp({ lossless: true })
    .toBuffer();
}

const rowOf = (ctx: AppContext, token: string) =>
  ctx.db
    .selectFrom('files')
    .selectAll()
    .where('upload_token', '=', token)
    .executeTakeFirstOrThrow();

const thumbnailJobs = (ctx: AppContext) =>
  ctx.db
    .selectFrom('jobs')
    .select(['queue', 'state', 'payload', 'attempts'])
    .where('name', '=', THUMBNAIL_JOB)
    .orderBy('id')
    .execute();

async function upload(client: TestClient, name: string, type: string, data: Buffer) {
  const response = await uploadFile(client, { name, type, data });
  expect(response.statusCode, response.body).toBe(201);
  return response.body;
}

/** The item's answer, with whether the response cache served it. */
async function itemAnswer(client: TestClient, id: number) {
  const response = await client.get(itemsApi(client, 'media').path(itemRoutes.media.single, id));
  expect(response.statusCode).toBe(200);
  return { item: response.json() as Item, cache: response.headers[CACHE_STATUS_HEADER] };
}

describe('thumbnails: made by the job queue', () => {
  let server: TestServer;
  let ctx: AppContext;
  let editor: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    ctx = server.ctx;
    ({ editor } = await server.editorAndReader());
  });
  afterAll(() => server.close());

  it('stores the upload with its header size, then the job makes the thumbnail', async () => {
    const token = await upload(editor, 'tourné.jpg', 'image/jpeg', await turnedPhoto());
    const stored = await rowOf(ctx, token);
    // The displayed size comes from the header, at once.
    expect([stored.width, stored.height]).toEqual([800, 1200]);

    await server.jobsSettled();
    const row = await rowOf(ctx, token);
    expect(row).toMatchObject({ thumb_key: `${row.storage_key}${THUMB_SUFFIX}`, thumb_pending: 0 });
    const thumb = await sharp(
      await buffer(await ctx.storage.files.open(row.thumb_key!)),
    ).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 320, 480]);
    const [job] = (await thumbnailJobs(ctx)).filter(
      (j) => (JSON.parse(j.payload) as { fileId: number }).fileId === row.id,
    );
    expect(job).toMatchObject({ queue: 'media', state: 'done', attempts: 1 });
  });

  it('fills in the size the header could not give', async () => {
    const token = await upload(editor, 'grand.webp', 'image/webp', await bigWebp());
    const stored = await rowOf(ctx, token);
    expect(stored.size).toBeGreaterThan(256 * 1024);
    expect(stored.thumb_key).toBeNull();
    await server.jobsSettled();
    expect(await rowOf(ctx, token)).toMatchObject({ width: 700, height: 500, thumb_pending: 0 });
  });

  it('ends an image sharp cannot read without a thumbnail and without a failed job', async () => {
    const failedBefore = (await ctx.jobs.failed.list(1, 50)).total;
    const token = await upload(editor, 'abîmée.jpg', 'image/jpeg', Buffer.from('not a jpeg'));
    await server.jobsSettled();
    const row = await rowOf(ctx, token);
    expect(row).toMatchObject({ thumb_key: null, thumb_pending: 0, width: null, height: null });
    expect((await ctx.jobs.failed.list(1, 50)).total).toBe(failedBefore);
    expect(await ctx.storage.files.stat(`${row.storage_key}${THUMB_SUFFIX}`)).toBeUndefined();
    // Run again (the files check, a retry from the admin screen): nothing to do, nothing read.
    expect(await makeThumbnail(ctx, { fileId: row.id, storageKey: row.storage_key })).toBe(
      'nothing-to-do',
    );
  });

  it('fails (to be retried) when the storage is out of reach, the row still owed', async () => {
    const token = await upload(editor, 'panne.jpg', 'image/jpeg', await turnedPhoto());
    await server.jobsSettled();
    const row = await rowOf(ctx, token);
    await ctx.db
      .updateTable('files')
      .set({ thumb_key: null, thumb_pending: 1 })
      .where('id', '=', row.id)
      .execute();
    await ctx.storage.files.delete(row.thumb_key!);
    const outage = new Error('connect ECONNREFUSED 127.0.0.1:9000');
    const down: FileStorage = {
      ...ctx.storage.files,
      open: () => Promise.reject(outage),
      get: () => {
        throw outage;
      },
    };
    const broken = { ...ctx, storage: { ...ctx.storage, files: down } };
    const payload = { fileId: row.id, storageKey: row.storage_key };
    await expect(makeThumbnail(broken, payload)).rejects.toThrow('ECONNREFUSED');
    expect(await rowOf(ctx, token)).toMatchObject({ thumb_key: null, thumb_pending: 1 });
    // Bytes missing under a row that still has them: the storage's fault too, not the image's.
    const lost = { ...ctx.storage.files, open: (key: string) => ctx.storage.files.open(`${key}x`) };
    await expect(
      makeThumbnail({ ...ctx, storage: { ...ctx.storage, files: lost } }, payload),
    ).rejects.toThrow();
    // Back: the next attempt makes it.
    expect(await makeThumbnail(ctx, payload)).toBe('made');
    expect(await rowOf(ctx, token)).toMatchObject({ thumb_key: row.thumb_key, thumb_pending: 0 });
  });

  it('removes the thumbnail it wrote when the file was deleted while it was made', async () => {
    const token = await upload(editor, 'éphémère.jpg', 'image/jpeg', await turnedPhoto());
    await server.jobsSettled();
    const row = await rowOf(ctx, token);
    await ctx.db
      .updateTable('files')
      .set({ thumb_key: null, thumb_pending: 1 })
      .where('id', '=', row.id)
      .execute();
    await ctx.storage.files.delete(row.thumb_key!);
    // The upload is reverted (its row and bytes go) while its thumbnail is being written.
    const racing: FileStorage = {
      ...ctx.storage.files,
      async put(key, source, options) {
        await ctx.storage.files.put(key, source, options);
        expect((await revertUpload(editor, token)).statusCode).toBe(200);
      },
    };
    const outcome = await makeThumbnail(
      { ...ctx, storage: { ...ctx.storage, files: racing } },
      { fileId: row.id, storageKey: row.storage_key },
    );
    expect(outcome).toBe('file-gone');
    const keys = await storedKeys(ctx.storage.files);
    expect(keys.filter((key) => key.startsWith(row.storage_key))).toEqual([]);
  });
});

describe('thumbnails: an API instance without workers (JOB_WORKER=false)', () => {
  let api: TestServer;
  let editor: TestClient;
  let reader: TestClient;

  beforeAll(async () => {
    api = await createTestServer({ env: { JOB_WORKER: 'false' } });
    ({ editor, reader } = await api.editorAndReader());
  });
  afterAll(() => api.close());

  it('makes none until a worker on the same database runs the queue; cached answers follow', async () => {
    const media = await itemsApi(editor, 'media').create({ title: 'Plage', language: 'fr' });
    const token = await upload(editor, 'plage.jpg', 'image/jpeg', await turnedPhoto());
    const { id: fileId } = await rowOf(api.ctx, token);
    const attached = await editor.patch(routes.addFilepond.path, {
      newmedias: [token],
      modelId: media.id,
      modelType: 'media',
    });
    expect(attached.statusCode, attached.body).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 300));
    const row = await api.ctx.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ thumb_key: null, thumb_pending: 1, width: 800, height: 1200 });
    expect(await thumbnailJobs(api.ctx)).toMatchObject([{ queue: 'media', state: 'queued' }]);
    // Not made yet: the answer says so (no thumbnail_url), and is kept by the response cache.
    await itemAnswer(reader, media.id);
    const before = await itemAnswer(reader, media.id);
    expect(before.cache).toBe('hit');
    expect(before.item.files[0]).toMatchObject({
      name: 'plage.jpg',
      width: 800,
      height: 1200,
      thumbnail_pending: true,
    });
    expect(before.item.files[0]!.thumbnail_url).toBeUndefined();
    expect((await reader.get(`/api/files/${row.id}?thumb=1`)).statusCode).toBe(404);
    const stamp = (await api.ctx.readStamps()).archive;

    const worker = await api.startWorker();
    try {
      await api.jobsSettled();
    } finally {
      await worker.close();
    }
    // The job's write moved the archive stamp: the API instance answers afresh.
    expect((await api.ctx.readStamps()).archive).not.toBe(stamp);
    const after = await itemAnswer(reader, media.id);
    expect(after.cache).toBe('miss');
    expect(after.item.files[0]!.thumbnail_url).toBe(`/api/files/${row.id}?thumb=1`);
    expect(after.item.files[0]!.thumbnail_pending).toBeUndefined();
    const thumb = await reader.get(after.item.files[0]!.thumbnail_url!);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    // The list row's picture too.
    const rows = (await itemsApi(reader, 'media').list('all')).data;
    expect(rows.find((r) => r.id === media.id)?.thumbnail_url).toBe(`/api/files/${row.id}?thumb=1`);
  });

  it('leaves no thumbnail for an upload reverted before the job ran', async () => {
    const token = await upload(editor, 'annulée.jpg', 'image/jpeg', await turnedPhoto());
    const row = await rowOf(api.ctx, token);
    expect((await revertUpload(editor, token)).statusCode).toBe(200);

    const worker = await api.startWorker();
    try {
      await api.jobsSettled();
    } finally {
      await worker.close();
    }
    const keys = await storedKeys(api.ctx.storage.files);
    expect(keys.filter((key) => key.startsWith(row.storage_key))).toEqual([]);
    expect((await thumbnailJobs(api.ctx)).at(-1)).toMatchObject({ state: 'done' });
    expect((await api.ctx.jobs.failed.list(1, 10)).total).toBe(0);
  });
});
