import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORGANISATION_LIMITS, translationKey, type SiteTranslation } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { reportMissingKey } from './service.js';
import { readShippedKeys, webLocalesDir } from './shipped-keys.js';

/** The web app's keys, sorted; tests report these (the server refuses any other). */
const shipped = [...readShippedKeys()].sort();
const shippedKey = (n: number): string => shipped[n]!;

describe('site translations', () => {
  let server: TestServer;
  let translator: TestClient;
  let user: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({
      email: 'translator@example.com',
      permissions: ['translations.edit'],
    });
    await server.createUser({ email: 'user@example.com' });
    translator = await server.loggedIn('translator@example.com');
    user = await server.loggedIn('user@example.com');
  });
  afterAll(() => server.close());

  const list = async (): Promise<SiteTranslation[]> =>
    (await server.client().get('/api/site-translations')).json();

  it('creates a missing key once, with empty values, and returns the existing one after', async () => {
    const first = await user.post('/api/site-translations', { key: shippedKey(0) });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      key: shippedKey(0),
      text: { fr: '', en: '', it: '', de: '' },
    });
    const again = await user.post('/api/site-translations', { key: ` ${shippedKey(0)} ` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.json()).not.toHaveProperty('message');

    const racing = await Promise.all(
      Array.from({ length: 6 }, () => user.post('/api/site-translations', { key: shippedKey(1) })),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(racing.map((response) => response.json().id)).size).toBe(1);
    expect((await list()).filter((row) => row.key === shippedKey(1))).toHaveLength(1);
  });

  it('lists every key sorted, publicly, and needs a login to report one', async () => {
    await user.post('/api/site-translations', { key: shippedKey(3) });
    await user.post('/api/site-translations', { key: shippedKey(2) });
    const keys = (await list()).map((row) => row.key);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toContain(shippedKey(2));
    const anonymous = await server.client().post('/api/site-translations', { key: shippedKey(4) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad keys with 422', async () => {
    const before = await list();
    for (const body of [
      {},
      { key: '' },
      { key: 'has space' },
      { key: 'x'.repeat(256) },
      { key: 1 },
    ]) {
      const response = await user.post('/api/site-translations', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['key']);
    }
    expect(await list()).toEqual(before);
  });

  it('refuses keys the app does not ship with a localised 422 and stores nothing', async () => {
    const before = await list();
    // A typo, a namespace alone, a branch of the tree (not a text), a key of another namespace.
    const unknown = ['menu:items.posts', 'common', 'common:validation', 'nowhere:' + shippedKey(0)];
    for (const key of unknown) {
      const response = await user.post('/api/site-translations', { key });
      expect(response.statusCode, key).toBe(422);
      expect(response.json()).toEqual({
        message: 'The application has no text with this key.',
        errors: { key: ['The application has no text with this key.'] },
      });
    }
    const french = await user.send(
      'POST',
      '/api/site-translations',
      { key: 'common:nope' },
      { headers: { 'accept-language': 'fr' } },
    );
    expect(french.statusCode).toBe(422);
    expect(french.json().message).toBe("L'application n'a aucun texte avec cette clé.");
    // Editors store keys through the same route: no exception for them.
    expect(
      (await translator.post('/api/site-translations', { key: 'common:nope' })).statusCode,
    ).toBe(422);
    expect(await list()).toEqual(before);
  });

  it('adds at most one row per shipped key, however many reports arrive', async () => {
    const bound = await createTestServer();
    const keys = readShippedKeys();
    try {
      for (const key of [...shipped, ...shipped.slice(0, 20)])
        await reportMissingKey(bound.ctx, keys, key);
      for (const key of ['a.first', 'noisy.key1', 'common:x'])
        await expect(reportMissingKey(bound.ctx, keys, key)).rejects.toMatchObject({
          statusCode: 422,
        });
      const rows: SiteTranslation[] = (await bound.client().get('/api/site-translations')).json();
      expect(rows.map((row) => row.key).sort()).toEqual(shipped);
    } finally {
      await bound.close();
    }
  });

  it('edits values with translations.edit only, language by language', async () => {
    const row = (await user.post('/api/site-translations', { key: shippedKey(5) })).json();
    expect(
      (await user.patch(`/api/site-translations/${row.id}`, { text: { fr: 'Non' } })).statusCode,
    ).toBe(403);
    const saved = await translator.patch(`/api/site-translations/${row.id}`, {
      text: { fr: 'Bonjour', de: 'Hallo' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      message: 'The translation has been saved.',
      translation: {
        id: row.id,
        key: shippedKey(5),
        text: { fr: 'Bonjour', en: '', it: '', de: 'Hallo' },
      },
    });
    await translator.patch(`/api/site-translations/${row.id}`, { text: { de: '' } });
    const listed = (await list()).find((entry) => entry.id === row.id);
    expect(listed?.text).toEqual({ fr: 'Bonjour', en: '', it: '', de: '' });

    for (const body of [
      {},
      { text: { xx: 'a' } },
      { text: { fr: 1 } },
      { text: { fr: 'a\u0000' } },
    ]) {
      const response = await translator.patch(`/api/site-translations/${row.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await list()).find((entry) => entry.id === row.id)?.text.fr).toBe('Bonjour');
    const missing = await translator.patch('/api/site-translations/999999', { text: { fr: 'x' } });
    expect(missing.statusCode).toBe(404);
  });

  it('throttles reports per user with 429 and Retry-After', async () => {
    await server.createUser({ email: 'noisy@example.com' });
    const noisy = await server.loggedIn('noisy@example.com');
    const limit = ORGANISATION_LIMITS.translationReportsPerMinute;
    const offset = 10;
    for (let n = 0; n < limit; n++) {
      // Unknown keys count too: one in ten is refused with 422.
      const key = n % 10 === 0 ? `noisy:unknown${n}` : shippedKey(offset + n);
      const response = await noisy.post('/api/site-translations', { key });
      expect(response.statusCode, `report ${n}`).toBe(n % 10 === 0 ? 422 : 201);
    }
    const oneMore = shippedKey(offset + limit);
    const refused = await noisy.post('/api/site-translations', { key: oneMore });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many requests/);
    expect((await list()).some((row) => row.key === oneMore)).toBe(false);
    // Another user is not affected.
    expect((await user.post('/api/site-translations', { key: oneMore })).statusCode).toBe(201);
  });
});

describe('shipped keys', () => {
  /** Written out again here so that a fault in the shared walk cannot hide itself. */
  function keysOfFile(namespace: string, node: unknown, prefix = ''): string[] {
    if (typeof node === 'string') return [`${namespace}:${prefix}`];
    return Object.entries(node as Record<string, unknown>).flatMap(([part, child]) =>
      keysOfFile(namespace, child, prefix ? `${prefix}.${part}` : part),
    );
  }

  it('are every text key of every web locale file, each one a key the route accepts', () => {
    const dir = webLocalesDir();
    const expected = new Set<string>();
    for (const language of ['fr', 'en', 'it', 'de'])
      for (const file of fs.readdirSync(path.join(dir, language)))
        for (const key of keysOfFile(
          file.replace(/\.json$/, ''),
          JSON.parse(fs.readFileSync(path.join(dir, language, file), 'utf8')),
        ))
          expected.add(key);
    expect(expected.size).toBeGreaterThan(100);
    expect(new Set(shipped)).toEqual(expected);
    for (const key of shipped) expect(translationKey.safeParse(key).success, key).toBe(true);
  });

  it('follow the files: a key added to a locale file is shipped at the next start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-locales-'));
    try {
      fs.mkdirSync(path.join(dir, 'fr'));
      fs.writeFileSync(
        path.join(dir, 'fr', 'common.json'),
        JSON.stringify({ save: 'Enregistrer', items_one: '{{count}} élément', nav: { home: 'A' } }),
      );
      fs.mkdirSync(path.join(dir, 'de'));
      fs.writeFileSync(path.join(dir, 'de', 'admin.json'), JSON.stringify({ only: 'Nur' }));
      expect([...readShippedKeys(dir)].sort()).toEqual([
        'admin:only',
        'common:items_one',
        'common:nav.home',
        'common:save',
      ]);
      fs.rmSync(path.join(dir, 'fr'), { recursive: true });
      fs.rmSync(path.join(dir, 'de'), { recursive: true });
      expect(() => readShippedKeys(dir)).toThrow(/No interface messages/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
