import { LIMITS, type ItemListRow } from '@kinfolio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';

/**
 * A word in more items than a search looks at, too rare among the newest items for PostgreSQL's
 * walk (WALK_MAX in search.ts): none of them among the newest 31,000 (the type's whole index
 * gives the newest matches), or one in 50 (its matches among the newest ids, ANDed with the
 * primary key's range). The answer is the same as for a word the walk finds: the most recently
 * added matches. `every`: one item in `every` has the word; `count` items in all.
 */
describe.each([
  { layout: 'only in old items', every: 0, count: 31_000 },
  { layout: 'one item in 50', every: 50, count: 60_000 },
])('search of a word common but sparse: $layout', ({ every, count }) => {
  let server: TestServer;
  let reader: TestClient;
  let matching: number[];

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({ email: 'reader@example.com' });
    reader = await server.loggedIn('reader@example.com');
    const { db, dialect } = server.ctx;
    const now = new Date().toISOString();
    const title = (n: string) =>
      sql`case when ${every} > 0 and ${sql.raw(n)} % ${every} = 0 then 'Zorblax letter '
          else 'Filler ' end || ${sql.raw(n)}`;
    const rows = (to: number, always: boolean) =>
      dialect === 'postgres'
        ? sql`select 'post', ${always ? sql`'Zorblax letter ' || g` : title('g')}, 'en', ${now},
              ${now}, '2001-02-03' from generate_series(1, ${to}::int) g`
        : sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${to})
              select 'post', ${always ? sql`'Zorblax letter ' || n` : title('n')}, 'en', ${now},
              ${now}, '2001-02-03' from g`;
    const insert = (to: number, always: boolean) =>
      sql`insert into items (type, title, language, created_at, updated_at, date)
          ${rows(to, always)}`.execute(db);
    if (every === 0) await insert(LIMITS.searchMatchesMax + 100, true);
    await insert(count, false);
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
