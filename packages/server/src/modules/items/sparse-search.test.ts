import { LIMITS, type ItemListRow } from '@kinfolio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';

const MATCHING = LIMITS.searchMatchesMax + 100;
/** More newer items than PostgreSQL's search walks (WALK_MAX in search.ts) before its index. */
const NEWER = 31_000;

/**
 * A word in more items than a search looks at, none of them among the newest tens of thousands:
 * on PostgreSQL the walk over the newest items gives up, and the type's index gives the newest
 * matches. The answer is the same as for a word the walk finds: the most recently added matches.
 */
describe('search of a word common in old items only', () => {
  let server: TestServer;
  let reader: TestClient;
  let matching: number[];

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({ email: 'reader@example.com' });
    reader = await server.loggedIn('reader@example.com');
    const { db, dialect } = server.ctx;
    const now = new Date().toISOString();
    const rows = (from: number, to: number, title: string) =>
      dialect === 'postgres'
        ? sql`select 'post', ${title} || g, 'en', ${now}, ${now}, '2001-02-03'
              from generate_series(${from}::int, ${to}::int) g`
        : sql`with recursive g(n) as (select ${from} union all select n + 1 from g where n < ${to})
              select 'post', ${title} || n, 'en', ${now}, ${now}, '2001-02-03' from g`;
    const insert = (from: number, to: number, title: string) =>
      sql`insert into items (type, title, language, created_at, updated_at, date)
          ${rows(from, to, title)}`.execute(db);
    await insert(1, MATCHING, 'Zorblax letter ');
    await insert(1, NEWER, 'Filler ');
    const found = await db
      .selectFrom('items')
      .select('id')
      .where('title', 'like', 'Zorblax%')
      .orderBy('id', 'desc')
      .execute();
    matching = found.map((row) => row.id);
  }, 120_000);
  afterAll(() => server?.close());

  it('lists the most recently added matches, up to the bound', async () => {
    const rows: ItemListRow[] = [];
    for (let page = 1; page <= LIMITS.searchMatchesMax / 100; page++) {
      const response = await reader.get(`/api/posts-search?query=zorbla&per_page=100&page=${page}`);
      const body = response.json() as { data: ItemListRow[]; meta: { total: number } };
      expect(body.meta.total).toBe(LIMITS.searchMatchesMax);
      rows.push(...body.data);
    }
    // Every one has the word in its title and the same date: newest first.
    expect(rows.map((row) => row.id)).toEqual(matching.slice(0, LIMITS.searchMatchesMax));
  });
});
