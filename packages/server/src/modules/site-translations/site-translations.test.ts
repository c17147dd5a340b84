import { ORGANISATION_LIMITS, type SiteTranslation } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';

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
    const first = await user.post('/api/site-translations', { key: 'menu:items.posts' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      key: 'menu:items.posts',
      text: { fr: '', en: '', it: '', de: '' },
    });
    const again = await user.post('/api/site-translations', { key: ' menu:items.posts ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.json()).not.toHaveProperty('message');

    const racing = await Promise.all(
      Array.from({ length: 6 }, () => user.post('/api/site-translations', { key: 'race.key' })),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(racing.map((response) => response.json().id)).size).toBe(1);
    expect((await list()).filter((row) => row.key === 'race.key')).toHaveLength(1);
  });

  it('lists every key sorted, publicly, and needs a login to report one', async () => {
    await user.post('/api/site-translations', { key: 'a.first' });
    const keys = (await list()).map((row) => row.key);
    expect(keys).toEqual([...keys].sort());
    expect(keys[0]).toBe('a.first');
    expect((await server.client().post('/api/site-translations', { key: 'x' })).statusCode).toBe(
      401,
    );
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

  it('edits values with translations.edit only, language by language', async () => {
    const row = (await user.post('/api/site-translations', { key: 'edit.me' })).json();
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
        key: 'edit.me',
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
    for (let n = 0; n < limit; n++) {
      const response = await noisy.post('/api/site-translations', { key: `noisy.key${n}` });
      expect(response.statusCode, `report ${n}`).toBe(201);
    }
    const refused = await noisy.post('/api/site-translations', { key: 'noisy.one_more' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many requests/);
    expect((await list()).some((row) => row.key === 'noisy.one_more')).toBe(false);
    // Another user is not affected.
    expect((await user.post('/api/site-translations', { key: 'quiet.key' })).statusCode).toBe(201);
  });
});
