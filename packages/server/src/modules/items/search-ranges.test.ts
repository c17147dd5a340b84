import type { SearchGroup } from '@kinfolio/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SEARCH_RANGE } from '../../db/migrations/0029_search_ranges.js';
import { testDialect } from '../../test/database.js';
import { itemsApi, type PageBody } from '../../test/items-api.js';
import { trashingEditorSuite } from '../../test/suite.js';
import { makeSearchRanges } from './search-ranges.js';

/**
 * PostgreSQL searches `item_search` (migration 0029): a copy of the live items' searchable columns
 * kept by triggers, partitioned by id ranges made ahead of the ids. After every kind of change the
 * copy equals the live items, and an item whose id is above every range is found all the same,
 * before and after its range is made.
 */
describe.skipIf(testDialect() !== 'postgres')('the search copy follows the items', () => {
  // The editor also moves posts to the trash, which needs content.delete.
  const suite = trashingEditorSuite();
  const db = () => suite.server.ctx.db;

  async function expectExact() {
    const expected = await sql`
      select id, type, language, parent_id, date, search_vector::text as vector,
        ts_filter(search_vector, '{a}')::text as title
      from items where deleted_at is null order by id`.execute(db());
    const copied = await sql`
      select id, type, language, parent_id, date, search_vector::text as vector,
        title_vector::text as title
      from item_search order by id`.execute(db());
    expect(copied.rows).toEqual(expected.rows);
  }

  const found = async (word: string) =>
    ((await suite.editor.get(`/api/search?query=${word}`)).json() as PageBody<SearchGroup>).data
      .flatMap((group) => group.versions.filter((v) => v.matched).map((v) => v.id))
      .sort((a, b) => a - b);

  it('after creates, edits, translations, trash, type changes, bulk writes and deletes', async () => {
    const { editor, server } = suite;
    const posts = itemsApi(editor, 'post');
    const a = await posts.create({
      title: 'Zeppelin over the lake',
      language: 'en',
      content: '<p>a summer</p>',
    });
    const b = await posts.create({
      title: 'Winter',
      language: 'en',
      content: '<p>the zeppelin again</p>',
    });
    const c = await posts.create({ title: 'Le dirigeable', language: 'fr', parent_id: a.id });
    await expectExact();
    expect(await found('zeppelin')).toEqual([a.id, b.id]);

    expect((await posts.update(b.id, { title: 'Spring', date: '1950-04-01' })).statusCode).toBe(
      200,
    );
    expect((await posts.update(c.id, { content: '<p>zeppelin en français</p>' })).statusCode).toBe(
      200,
    );
    await expectExact();
    expect((await posts.trash(a.id)).statusCode).toBe(200);
    await expectExact();
    expect(await found('zeppelin')).toEqual([b.id, c.id]);
    expect((await posts.restore(a.id)).statusCode).toBe(200);
    await db().updateTable('items').set({ type: 'mail' }).where('id', '=', b.id).execute();
    await expectExact();

    const now = new Date().toISOString();
    await db()
      .insertInto('items')
      .values(
        [1, 2, 3].map((i) => ({
          type: 'message',
          title: `zeppelin ${i}`,
          content: '',
          status: 'published',
          language: 'en',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db().updateTable('items').set({ updated_at: now }).execute();
    await expectExact();

    await server.createUser({ email: 'eraser@example.com', permissions: ['content.delete'] });
    const eraser = itemsApi(await server.loggedIn('eraser@example.com'), 'post');
    expect((await posts.trash(a.id)).statusCode).toBe(200);
    expect((await eraser.hardDelete(a.id)).statusCode).toBe(200);
    await db().deleteFrom('items').where('type', '=', 'message').execute();
    await expectExact();
    expect(await found('zeppelin')).toEqual([b.id, c.id]);
  });

  it('finds an item above every range, which its range then holds', async () => {
    const ranges = async () =>
      (
        await sql<{ name: string }>`
          select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'item_search'::regclass order by c.relname`.execute(db())
      ).rows.map((row) => row.name);
    const before = await ranges();
    const id = (before.length + 3) * SEARCH_RANGE + 17;
    const now = new Date().toISOString();
    await db()
      .insertInto('items')
      .values({
        id,
        type: 'post',
        title: 'Luftschiff',
        content: '',
        status: 'published',
        language: 'de',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const holder = async () =>
      (
        await sql<{ part: string }>`
          select tableoid::regclass::text as part from item_search where id = ${id}`.execute(db())
      ).rows[0]?.part;
    expect(await holder()).toBe('item_search_default');
    expect(await found('luftschiff')).toEqual([id]);

    expect(await makeSearchRanges(db(), 'postgres')).toBeGreaterThan(0);
    expect(await holder()).toBe(`item_search_${Math.floor(id / SEARCH_RANGE)}`);
    expect(
      await db()
        .selectFrom('item_search_default' as 'item_search')
        .selectAll()
        .execute(),
    ).toEqual([]);
    expect(await ranges()).toContain(`item_search_${Math.floor(id / SEARCH_RANGE) + 2}`);
    expect(await found('luftschiff')).toEqual([id]);
    await expectExact();
    // Made once: a second call finds every range there.
    expect(await makeSearchRanges(db(), 'postgres')).toBe(0);
  });
});
