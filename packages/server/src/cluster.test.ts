import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { itemRoutes, routePath, routes } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Client } from './storage/index.js';
import { sineFile } from './test/audio.js';
import { startCluster, type Cluster } from './test/cluster.js';
import { testDialect } from './test/database.js';
import { sanctum, stopProcess, type SanctumClient } from './test/processes.js';
import { PROXY_ERROR_HEADER } from './test/proxy.js';
import { redisReachable } from './test/redis.js';
import { startTestS3, type TestS3 } from './test/s3.js';
import { multipartBody } from './test/uploads.js';

/**
 * Two API processes and a worker on one PostgreSQL, Redis and S3 bucket behind a round-robin
 * proxy, driven from outside over HTTP: what is written or uploaded on one instance is read on
 * the other at once, the worker makes thumbnails, MP3s and backups that any instance serves, a
 * backup restores into a fresh cluster, and an instance killed under load loses nothing.
 */
const runs = testDialect() === 'postgres' && (await redisReachable('the cluster test is skipped'));

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function until<T>(what: string, probe: () => Promise<T>, ok: (value: T) => boolean) {
  const end = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: timed out; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!runs)('a cluster of two API instances and a worker', { timeout: 120_000 }, () => {
  let s3: TestS3;
  let cluster: Cluster;
  let client: SanctumClient;
  let a: string;
  let b: string;
  let bucketKeys: (prefix: string) => Promise<string[]>;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-cluster-test-'));

  beforeAll(async () => {
    s3 = await startTestS3();
    cluster = await startCluster(s3);
    [a, b] = cluster.apis.map((api) => api.url) as [string, string];
    client = sanctum(cluster.proxy.url);
    await client.login();
    const bucketClient = s3Client(s3.settings(cluster.bucket));
    bucketKeys = async (prefix) => {
      const listed = await bucketClient.send(
        new ListObjectsV2Command({ Bucket: cluster.bucket, Prefix: prefix }),
      );
      return (listed.Contents ?? []).map((object) => object.Key!);
    };
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await s3?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const on = (url: string) => ({ url });

  it('reads on one instance what was written on the other, at once', async () => {
    const created = await client.request(
      'POST',
      itemRoutes.post.create.path,
      { title: 'Lettre de Palerme', content: '<p>Cara nonna</p>', language: 'it' },
      on(a),
    );
    expect(created.status, created.text).toBe(201);
    const id = (JSON.parse(created.text) as { item: { id: number } }).item.id;
    const single = itemRoutes.post.single.path.replace(':id', String(id));
    // Read on B (its cache warmed), edited on A, read on B again: the new title at once.
    expect(JSON.parse((await client.request('GET', single, undefined, on(b))).text)).toMatchObject({
      title: 'Lettre de Palerme',
    });
    const edited = await client.request(
      'PATCH',
      itemRoutes.post.update.path.replace(':id', String(id)),
      { title: 'Lettera da Palermo' },
      on(a),
    );
    expect(edited.status, edited.text).toBe(200);
    expect(JSON.parse((await client.request('GET', single, undefined, on(b))).text)).toMatchObject({
      title: 'Lettera da Palermo',
    });
  });

  it('serves from one instance a photo uploaded on the other, from the bucket; the worker makes its thumbnail', async () => {
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await client.uploadWhole(
      { name: 'Été.jpg', type: 'image/jpeg', data: photo },
      on(a),
    );
    expect(uploaded?.status).toBe(201);
    const media = await client.request(
      'POST',
      itemRoutes.media.create.path,
      { title: 'Album', language: 'fr' },
      on(b),
    );
    const mediaId = (JSON.parse(media.text) as { item: { id: number } }).item.id;
    const attach = await client.request(
      'PATCH',
      routes.addFilepond.path,
      { newmedias: [uploaded!.body], modelId: mediaId, modelType: 'App\\Models\\Media' },
      on(b),
    );
    expect(attach.status, attach.text).toBe(200);
    const single = itemRoutes.media.single.path.replace(':id', String(mediaId));
    const item = await until(
      'thumbnail',
      async () =>
        JSON.parse((await client.request('GET', single, undefined, on(a))).text) as {
          files: { url: string; thumbnail_url?: string }[];
        },
      (answer) => Boolean(answer.files[0]?.thumbnail_url),
    );
    const [file] = item.files;
    const bytes = await client.request('GET', file!.url, undefined, on(b));
    expect(bytes.status).toBe(200);
    expect(sha(bytes.bytes)).toBe(sha(photo));
    const range = await client.request('GET', file!.url, undefined, {
      url: a,
      headers: { range: 'bytes=10-19' },
    });
    expect(range.status).toBe(206);
    expect(range.bytes.equals(photo.subarray(10, 20))).toBe(true);
    const thumb = await client.request('GET', file!.thumbnail_url!, undefined, on(b));
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    // The bytes are in the bucket, on no instance's disk.
    expect((await bucketKeys('files/')).length).toBeGreaterThanOrEqual(2);
    expect(cluster.localFiles()).toEqual([]);
  });

  it('has the worker make a record’s MP3, served by both instances', async () => {
    const wav = fs.readFileSync(await sineFile(path.join(tmp, 'part.wav'), 3, 440));
    const created = await client.request(
      'POST',
      '/api/records',
      { lang: 'it', title: 'Intervista', owner: 'Rosa', registration_date: '1987-06-14' },
      on(a),
    );
    expect(created.status, created.text).toBe(201);
    const recordId = (JSON.parse(created.text) as { record: { id: number } }).record.id;
    const part = await client.uploadWhole(
      { name: 'part.wav', type: 'audio/wav', data: wav },
      on(b),
    );
    const attach = await client.request(
      'PATCH',
      routes.addFilepond.path,
      { newmedias: [part!.body], modelId: recordId, modelType: 'record' },
      on(a),
    );
    expect(attach.status, attach.text).toBe(200);
    const params = { params: { id: recordId } };
    expect(
      (await client.request('GET', routePath('recordMp3Generate', params), undefined, on(b)))
        .status,
    ).toBeLessThan(500);
    const ready = await until(
      'mp3',
      async () =>
        JSON.parse(
          (await client.request('GET', routePath('recordMp3Status', params), undefined, on(a)))
            .text,
        ) as { status: string; url: string | null },
      (status) => status.status === 'ready' || status.status === 'failed',
    );
    expect(ready.status).toBe('ready');
    const [fromA, fromB] = await Promise.all([
      client.request('GET', ready.url!, undefined, on(a)),
      client.request('GET', ready.url!, undefined, on(b)),
    ]);
    expect(fromA.status).toBe(200);
    expect(fromA.headers.get('content-type')).toBe('audio/mpeg');
    expect(sha(fromB.bytes)).toBe(sha(fromA.bytes));
    expect(await bucketKeys('mp3/')).toHaveLength(1);
    expect(cluster.localFiles()).toEqual([]);
  });

  it('has the worker make a backup asked on one instance, downloaded from the other, restored into a fresh cluster', async () => {
    const asked = await client.request('POST', routes.backupCreate.path, undefined, on(a));
    expect(asked.status, asked.text).toBe(202);
    const backupId = (JSON.parse(asked.text) as { backup: { id: number } }).backup.id;
    const status = routePath('backupStatus', { params: { id: backupId } });
    const done = await until(
      'backup',
      async () =>
        JSON.parse((await client.request('GET', status, undefined, on(b))).text) as {
          status: string;
          sha256: string;
        },
      (backup) => backup.status === 'done' || backup.status === 'failed',
    );
    expect(done.status).toBe('done');
    const download = await client.request(
      'GET',
      routePath('backupDownload', { params: { id: backupId } }),
      undefined,
      on(b),
    );
    expect(download.status).toBe(200);
    expect(sha(download.bytes)).toBe(done.sha256);
    expect((await bucketKeys('backups/')).length).toBe(1);
    expect(cluster.localFiles()).toEqual([]);

    const fresh = await startCluster(s3, { apis: 1 });
    try {
      const admin = sanctum(fresh.proxy.url);
      await admin.login();
      const { payload, contentType } = multipartBody(
        { name: 'backup.tar', type: 'application/x-tar', data: download.bytes },
        'backup',
      );
      const restored = await admin.request('POST', routes.backupRestore.path, payload, {
        headers: { 'content-type': contentType },
      });
      expect(restored.status, restored.text).toBe(200);
      const again = sanctum(fresh.proxy.url);
      await again.login();
      const [before, after] = await Promise.all([
        client.request('GET', itemRoutes.media.all.path),
        again.request('GET', itemRoutes.media.all.path),
      ]);
      expect(JSON.parse(after.text).meta.total).toBe(JSON.parse(before.text).meta.total);
      const media = JSON.parse(after.text) as { data: { id: number }[] };
      const single = itemRoutes.media.single.path.replace(':id', String(media.data[0]!.id));
      const item = JSON.parse((await again.request('GET', single)).text) as {
        files: { url: string }[];
      };
      const bytes = await again.request('GET', item.files[0]!.url);
      expect(bytes.status).toBe(200);
      expect(fresh.localFiles()).toEqual([]);
    } finally {
      await fresh.stop();
    }
  });

  it('loses no acknowledged write when an instance is killed under load', async () => {
    const acknowledged: number[] = [];
    const statuses: number[] = [];
    // Writes whose answer was lost with the killed instance: done or not, nobody was told.
    let unanswered = 0;
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      let n = 0;
      while (!stop) {
        const created = await client
          .request('POST', itemRoutes.message.create.path, {
            title: `Message ${w}-${n++}`,
            content: '<p>Ciao</p>',
            language: 'it',
          })
          .catch(() => undefined);
        if (!created || created.headers.get(PROXY_ERROR_HEADER)) {
          unanswered += 1;
          continue;
        }
        statuses.push(created.status);
        if (created.status === 201) {
          acknowledged.push((JSON.parse(created.text) as { item: { id: number } }).item.id);
        }
      }
    });
    await until(
      'load',
      async () => acknowledged.length,
      (count) => count >= 20,
    );
    await stopProcess(cluster.apis[0]!, 'SIGKILL');
    const atKill = acknowledged.length;
    await until(
      'after the kill',
      async () => acknowledged.length,
      (count) => count >= atKill + 20,
    );
    stop = true;
    await Promise.all(writers);

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const list = await client.request(
      'GET',
      `${itemRoutes.message.all.path}?per_page=100&page=1`,
      undefined,
      on(b),
    );
    const total = JSON.parse(list.text).meta.total as number;
    expect(total).toBeGreaterThanOrEqual(acknowledged.length);
    expect(total).toBeLessThanOrEqual(acknowledged.length + unanswered);
    for (const id of acknowledged) {
      const single = itemRoutes.message.single.path.replace(':id', String(id));
      expect((await client.request('GET', single, undefined, on(b))).status).toBe(200);
    }
  });
});
