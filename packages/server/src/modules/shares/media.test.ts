import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routePath, type PublicShare, type RecordMp3Status } from '@kinfolio/contract';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisThrottlePrefix } from '../../auth/throttle.js';
import { sineFile } from '../../test/audio.js';
import type { TestClient } from '../../test/client.js';
import { redisReachable, TEST_REDIS_URL } from '../../test/redis.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { multipartBody, uploadFile } from '../../test/uploads.js';
import { share } from './test-archive.js';

describe('shares: the MP3 and the site picture through a link', () => {
  let server: TestServer;
  let editor: TestClient;
  let visitor: TestClient;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-share-media-'));

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({
      email: 'editor@example.com',
      name: 'Rosa',
      permissions: ['records.edit', 'content.edit'],
    });
    editor = await server.loggedIn('editor@example.com');
    visitor = server.client();
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function recordWithMp3(title: string): Promise<number> {
    const record = (await editor.post('/api/records', { lang: 'it', title })).json().record as {
      id: number;
    };
    const data = fs.readFileSync(await sineFile(path.join(tmp, `${record.id}.wav`), 3, 440));
    const uploaded = await uploadFile(editor, { name: 'part.wav', type: 'audio/wav', data });
    await editor.patch(routePath('addFilepond'), {
      newmedias: [uploaded.body],
      modelId: record.id,
      modelType: 'record',
    });
    await editor.get(routePath('recordMp3Generate', { params: { id: record.id } }));
    for (let i = 0; i < 300; i++) {
      const status = (
        await editor.get(routePath('recordMp3Status', { params: { id: record.id } }))
      ).json() as RecordMp3Status;
      if (status.status === 'ready') return record.id;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the MP3 was never ready');
  }

  it('serves the shared record’s MP3 with ranges, and no other record’s', async () => {
    const shared = await recordWithMp3('Nonna Rosa');
    const other = await recordWithMp3('Zio Carlo');
    const made = await share(editor, { target_type: 'records', target_id: shared });
    const page = (
      await visitor.get(routePath('publicShare', { params: { token: made.token } }))
    ).json() as PublicShare;
    if (page.content.kind !== 'record') throw new Error('a record');
    const mp3 = page.content.record.mp3_url!;
    expect(mp3).toBe(
      routePath('publicShareRecordMp3', { params: { token: made.token, id: shared } }),
    );
    const range = await visitor.send('GET', mp3, undefined, { headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-type']).toBe('audio/mpeg');
    expect(range.headers['cache-control']).toBe('no-store');
    const elsewhere = routePath('publicShareRecordMp3', {
      params: { token: made.token, id: other },
    });
    expect((await visitor.get(elsewhere)).statusCode).toBe(404);
  });

  it('shows the sharer’s site picture through the link, once there is one', async () => {
    const record = (await editor.post('/api/records', { lang: 'it', title: 'Foto' })).json()
      .record as { id: number };
    const made = await share(editor, { target_type: 'records', target_id: record.id });
    const info = async () =>
      (
        (
          await visitor.get(routePath('publicShare', { params: { token: made.token } }))
        ).json() as PublicShare
      ).share;
    expect((await info()).site.picture_url).toBeNull();
    const picture = routePath('publicSharePicture', { params: { token: made.token } });
    expect((await visitor.get(picture)).statusCode).toBe(404);

    const image = await sharp({
      create: { width: 800, height: 300, channels: 3, background: '#884422' },
    })
      .png()
      .toBuffer();
    const { payload, contentType } = multipartBody(
      { name: 'banner.png', type: 'image/png', data: image },
      'image',
    );
    const uploaded = await editor.sendRaw('POST', routePath('updateUserSitepicture'), payload, {
      'content-type': contentType,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await info()).site.picture_url).toBe(picture);
    const bytes = await visitor.get(picture);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/webp');
    expect(bytes.headers['cache-control']).toBe('no-store');
  });
});

const withRedis = await redisReachable('the share throttle test skips Redis');

describe.skipIf(!withRedis)('shares: guessing counted in Redis, as logins are', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ env: { REDIS_URL: TEST_REDIS_URL } });
  });
  afterAll(async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${redisThrottlePrefix(server.ctx.appKey)}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await server?.close();
  });

  it('refuses the guess after the limit, with the counter in Redis', async () => {
    const guess = (n: number) =>
      server.app.inject({
        method: 'GET',
        url: routePath('publicShare', { params: { token: `guess-${n}` } }),
        remoteAddress: '10.1.2.3',
      });
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) statuses.push((await guess(n)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${redisThrottlePrefix(server.ctx.appKey)}share-guess:*`);
    await redis.quit();
    expect(keys).toHaveLength(1);
  });
});
