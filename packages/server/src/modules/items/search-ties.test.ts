import { itemRoutes } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi, type PageBody } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';

/**
 * Hits that score alike (the same words, the same length) come in one order on both engines:
 * dated before undated, newest date first, then newest id. A backup restored into the other
 * engine keeps the ids, so its searches list the same hits in the same order.
 */
describe('search ranking ties', () => {
  let server: TestServer;
  let editor: TestClient;
  const searchPath = itemRoutes.post.search.path;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({
      email: 'editor@example.com',
      permissions: ['content.edit', 'records.edit'],
    });
    editor = await server.loggedIn('editor@example.com');
  });
  afterAll(() => server.close());

  it('orders equal-score items by date, then id, in per-type search and /api/search', async () => {
    const posts = itemsApi(editor, 'post');
    const twin = (date: string) =>
      posts.create({
        title: 'Lanterne',
        content: '<p>La lanterne du quai zostera.</p>',
        language: 'fr',
        date,
      });
    // Ids in creation order; dates in another order, two of them equal.
    const a = await twin('2001-05-01');
    const b = await twin('2003-05-01');
    const c = await twin('2002-05-01');
    const d = await twin('2003-05-01');
    const e = await twin('1999-05-01');
    const expected = [d.id, b.id, c.id, a.id, e.id];

    const search = (
      await editor.get(`${searchPath}?query=${encodeURIComponent('zostera lanterne')}&per_page=50`)
    ).json() as PageBody<{ id: number }>;
    expect(search.data.map((row) => row.id)).toEqual(expected);
    // Page by page, the same order.
    const ids: number[] = [];
    for (let pageNumber = 1; pageNumber <= 3; pageNumber++) {
      const part = (
        await editor.get(`${searchPath}?query=zostera&per_page=2&page=${pageNumber}`)
      ).json() as PageBody<{ id: number }>;
      ids.push(...part.data.map((row) => row.id));
    }
    expect(ids).toEqual(expected);
    const all = (await editor.get('/api/search?query=zostera')).json() as PageBody<{
      original_id: number;
    }>;
    expect(all.data.map((group) => group.original_id)).toEqual(expected);
  });

  it('orders equal-score records by recording date, undated last, then id', async () => {
    const twin = async (registration_date: string | null) => {
      const response = await editor.post('/api/records', {
        lang: 'fr',
        title: 'Veillée',
        rawtranscription: '[00:00:01] La veillée chez Marthe, gorgonzolina.',
        registration_date,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().record.id as number;
    };
    const undated = await twin(null);
    const older = await twin('1980-01-01');
    const first1990 = await twin('1990-01-01');
    const second1990 = await twin('1990-01-01');
    const list = (await editor.get('/api/records?query=gorgonzolina')).json() as PageBody<{
      id: number;
    }>;
    expect(list.data.map((row) => row.id)).toEqual([second1990, first1990, older, undated]);
    const all = (await editor.get('/api/search?query=gorgonzolina')).json() as PageBody<{
      original_id: number;
    }>;
    // Across the archive an undated record is dated by its creation, as its group says.
    expect(all.data.map((group) => group.original_id)).toEqual([
      undated,
      second1990,
      first1990,
      older,
    ]);
  });
});
