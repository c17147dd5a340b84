import { LIMITS, type ItemListRow, type SearchGroup } from '@kinfolio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed.js';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';

/** The demo family's grandmother: in about half of the demo's items. */
const WORD = 'nonna';
const inTitle = (title: string) => title.toLowerCase().includes(WORD);

/**
 * A word in more items than a search looks at (LIMITS.searchMatchesMax): the most recently added
 * matches, those with the word in their title first, then newest first, and a total that stops
 * at the bound.
 */
describe('search of a common word', () => {
  let server: TestServer;
  let reader: TestClient;
  let editor: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor, reader } = await server.editorAndReader());
    await seedDemo(server.ctx, { size: 11_000, seed: 3 });
  }, 120_000);
  afterAll(() => server?.close());

  it('lists titles first, then newest, up to the bound', async () => {
    const rows: ItemListRow[] = [];
    for (let page = 1; page <= 10; page++) {
      const response = await reader.get(
        `/api/posts-search?query=${WORD}&per_page=100&page=${page}`,
      );
      const body = response.json() as { data: ItemListRow[]; meta: { total: number } };
      expect(body.meta.total).toBe(LIMITS.searchMatchesMax);
      rows.push(...body.data);
    }
    expect(rows).toHaveLength(LIMITS.searchMatchesMax);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const firstWithout = rows.findIndex((row) => !inTitle(row.title));
    expect(firstWithout).toBeGreaterThan(0);
    expect(rows.slice(firstWithout).some((row) => inTitle(row.title))).toBe(false);
    for (const part of [rows.slice(0, firstWithout), rows.slice(firstWithout)]) {
      const dates = part.map((row) => row.date ?? '');
      expect(dates).toEqual([...dates].sort().reverse());
    }
    // The most recently added matches: every live post added after the oldest one shown matches.
    const oldest = Math.min(...rows.map((row) => row.id));
    const newer = await server.ctx.db
      .selectFrom('items')
      .select('id')
      .where('type', '=', 'post')
      .where('deleted_at', 'is', null)
      .where('id', '>=', oldest)
      .execute();
    const shown = new Set(rows.map((row) => row.id));
    const missed = newer.filter((row) => !shown.has(row.id));
    const lookedAt = await reader.get(`/api/posts-search?query=${WORD}&per_page=100&page=11`);
    expect(lookedAt.json().data).toEqual([]);
    // Those not shown do not have the word (checked on their text).
    const texts = await server.ctx.db
      .selectFrom('items')
      .select(['title', 'plain'])
      .where('id', 'in', missed.length ? missed.map((row) => row.id) : [0])
      .execute();
    for (const text of texts)
      expect(`${text.title} ${text.plain}`.toLowerCase()).not.toContain(WORD);
  });

  it('groups the global search the same way', async () => {
    // A translation added now of the oldest original with the word: the original is older than
    // every candidate, yet its version is marked as matching.
    const original = await server.ctx.db
      .selectFrom('items')
      .select(['id', 'language'])
      .where('type', '=', 'post')
      .where('parent_id', 'is', null)
      .where('deleted_at', 'is', null)
      .where(sql`lower(title)`, 'like', `%${WORD}%`)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const translation = await editor.post('/api/posts', {
      title: `Ricordi di ${WORD}`,
      language: original.language === 'de' ? 'en' : 'de',
      date: '2999-12-31',
      parent_id: original.id,
    });
    expect(translation.statusCode).toBe(201);
    const response = await reader.get(`/api/search?query=${WORD}&per_page=100`);
    const body = response.json() as { data: SearchGroup[]; meta: { total: number } };
    expect(body.meta.total).toBeGreaterThan(100);
    expect(body.meta.total).toBeLessThanOrEqual(LIMITS.searchMatchesMax);
    const titled = body.data.map((group) =>
      group.versions.some((version) => version.matched && inTitle(version.title)),
    );
    const firstWithout = titled.indexOf(false);
    expect(firstWithout).toBeGreaterThan(0);
    expect(titled.slice(firstWithout).includes(true)).toBe(false);
    const dates = body.data.slice(0, firstWithout).map((group) => group.date);
    expect(dates).toEqual([...dates].sort().reverse());
    // Every item's version says whether it has the word, versions older than the candidates too.
    const versions = body.data
      .filter((group) => group.type !== 'record')
      .flatMap((group) => group.versions);
    const texts = await server.ctx.db
      .selectFrom('items')
      .select(['id', 'title', 'plain'])
      .where(
        'id',
        'in',
        versions.map((version) => version.id),
      )
      .execute();
    const hasWord = new Map(
      texts.map((text) => [text.id, `${text.title} ${text.plain}`.toLowerCase().includes(WORD)]),
    );
    expect(versions.length).toBeGreaterThan(body.data.length);
    expect(body.data[0]!.original_id).toBe(original.id);
    expect(versions.find((version) => version.id === original.id)?.matched).toBe(true);
    for (const version of versions) expect(version.matched).toBe(hasWord.get(version.id));
  });
});
