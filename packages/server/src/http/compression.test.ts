import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client.js';
import { itemsApi } from '../test/items-api.js';
import { createTestServer, type TestServer } from '../test/server.js';
import { COMPRESS_MIN_BYTES } from './compression.js';

function decode(bytes: Buffer, encoding: unknown): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

describe('compressed API answers', () => {
  let server: TestServer;
  let reader: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    let editor: TestClient;
    ({ editor, reader } = await server.editorAndReader());
    const posts = itemsApi(editor, 'post');
    for (let i = 0; i < 12; i += 1) {
      await posts.create({ title: `Post number ${i}`, content: '<p>text</p>', language: 'en' });
    }
  });
  afterAll(() => server.close());

  it('sends large JSON as brotli or gzip as the client accepts, with Vary, else plain', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type']).toContain('application/json');
      const body = decode(response.rawPayload, encoding);
      expect(body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
      expect(JSON.parse(body)).toHaveProperty('openapi');
      if (encoding) expect(response.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('leaves small answers alone', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { 'accept-encoding': 'br, gzip', 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveProperty('message');
  });

  it('sends the response cache gzipped answers once, not compressed twice', async () => {
    const plain = await reader.get('/api/posts-all');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    // A miss (computed now), then a hit (from memory): the same single gzip layer and ETag.
    for (const status of ['miss', 'hit']) {
      const response = await reader.send('GET', '/api/posts-all?page=1', undefined, {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.headers['x-kinfolio-cache']).toBe(status);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.etag).toMatch(/-gz"$/);
      const body = JSON.parse(decode(response.rawPayload, 'gzip')) as { data: unknown };
      expect(body.data).toEqual((JSON.parse(plain.body) as { data: unknown }).data);
    }
  });
});
