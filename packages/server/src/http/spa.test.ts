import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/server.js';

describe('serving the built web app', () => {
  let server: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kinfolio</title>');
    fs.writeFileSync(
      path.join(dist, 'share.html'),
      '<!doctype html><title>Kinfolio</title><div class="kf-public"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.x=1');
    // What packages/web/build/buildManifest.ts writes.
    fs.mkdirSync(path.join(dist, 'builds', 'meta'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'builds', 'latest.json'), '{"id":"abc","timestamp":1}');
    fs.writeFileSync(path.join(dist, 'builds', 'meta', 'abc.json'), '{"id":"abc","timestamp":1}');
    // The copies the web build writes beside each text file (vite.config.ts, precompress).
    for (const file of ['index.html', path.join('assets', 'app-abc123.js')]) {
      const bytes = fs.readFileSync(path.join(dist, file));
      fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(bytes));
      fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(bytes));
    }
    server = await createTestServer({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers any unknown page address with index.html (history fallback)', async () => {
    for (const url of ['/', '/posts', '/user/password-reset/abc?email=a%40b.c', '/no/such/page']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Kinfolio</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a share page with its own build; keeps it out of search engines and referrers', async () => {
    for (const url of ['/s/AbC-123_token', '/s/AbC-123_token/items/4?x=1']) {
      const entry = await server.app.inject({ method: 'GET', url });
      expect(entry.statusCode, url).toBe(200);
      expect(entry.body, url).toContain('kf-public');
    }
    const share = await server.app.inject({ method: 'GET', url: '/s/AbC-123_token' });
    expect(share.headers['content-type']).toContain('text/html');
    expect(share.headers['cache-control']).toBe('no-cache');
    expect(share.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(share.headers['referrer-policy']).toBe('no-referrer');
    const page = await server.app.inject({ method: 'GET', url: '/posts' });
    expect(page.headers['x-robots-tag']).toBeUndefined();
    expect(page.body).not.toContain('kf-public');
  });

  it('serves the build descriptions uncached, whatever the timestamp query, and 404s a missing one', async () => {
    for (const url of ['/builds/latest.json?1764064000000', '/builds/meta/abc.json']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.json()).toEqual({ id: 'abc', timestamp: 1 });
    }
    const missing = await server.app.inject({ method: 'GET', url: '/builds/meta/gone.json' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it('sends the brotli copy to browsers that accept it, else the gzip one, else the plain file', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accept: 'gzip, deflate', encoding: 'gzip' },
      { accept: 'identity', encoding: undefined },
      { accept: undefined, encoding: undefined },
    ];
    for (const { accept, encoding } of cases) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(decode(response.rawPayload, encoding)).toBe('console.log(1)');
    }
  });

  it('sends the history fallback compressed too, with the headers of the page', async () => {
    for (const [url, accept, encoding] of [
      ['/', 'br', 'br'],
      ['/posts', 'gzip, br', 'br'],
      ['/posts?page=2', 'gzip', 'gzip'],
      ['/tabOrganisation/categories', '', undefined],
    ] as const) {
      const response = await server.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe(encoding);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload, encoding)).toContain('<title>Kinfolio</title>');
    }
  });

  it('falls back to the plain file when a file has no compressed copy', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('self.x=1');
  });

  it('answers unknown API addresses with a JSON 404', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Introuvable.' });
  });

  it('caches hashed assets for good and revalidates the service worker', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const worker = await server.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.paths).toHaveProperty('/login');
    expect(doc.paths['/login'].post.requestBody).toBeDefined();
  });
});

function decode(bytes: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}
