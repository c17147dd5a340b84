import type { ItemType } from '@kinfolio/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { itemsApi } from '../../test/items-api.js';
import { trashingEditorSuite } from '../../test/suite.js';
import { MONTHS_FROM } from './list-months.js';
import { itemsRepository, type ListFilter } from './repository.js';

/**
 * A type's list (or one language's) takes its total and the month its page starts in from
 * item_list_months (migration 0025), kept by triggers: after every kind of change the table
 * equals the live items grouped the straightforward way, and every page at every offset, both
 * orders, equals the one read by walking the list from its start — undated items included, which
 * each engine puts at its own end of the list.
 */
describe('list months follow the items', () => {
  const suite = trashingEditorSuite(async () => {
    // Every page past the first starts at its month, as deep pages of a large archive do.
    MONTHS_FROM.offset = 1;
  });
  const db = () => suite.server.ctx.db;
  const TYPES: ItemType[] = ['post', 'mail'];

  async function expectExact() {
    const expected = await sql<{ item_type: string; language: string; month: string; n: number }>`
      select type as item_type, language, coalesce(substr(date, 1, 7), '') as month,
        count(*) as n
      from items where deleted_at is null
      group by type, language, coalesce(substr(date, 1, 7), '')
      order by 1, 2, 3`.execute(db());
    const derived = await db()
      .selectFrom('item_list_months')
      .selectAll()
      .orderBy('item_type')
      .orderBy('language')
      .orderBy('month')
      .execute();
    const norm = (rows: { item_type: string; language: string; month: string; n: unknown }[]) =>
      rows.map((row) => ({ ...row, n: Number(row.n) }));
    expect(norm(derived)).toEqual(norm(expected.rows));

    const items = itemsRepository(db());
    for (const type of TYPES) {
      for (const language of [undefined, 'en', 'fr']) {
        for (const sort of ['newest', 'oldest'] as const) {
          const direction = sort === 'newest' ? 'desc' : 'asc';
          const all = await db()
            .selectFrom('items')
            .select('id')
            .where('type', '=', type)
            .where('deleted_at', 'is', null)
            .$if(language !== undefined, (q) => q.where('language', '=', language!))
            .orderBy('date', direction)
            .orderBy('id', direction)
            .execute();
          const ids = all.map((row) => row.id);
          const filter: ListFilter = { type, view: 'live', language, sort };
          expect(await items.count(filter)).toBe(ids.length);
          for (const limit of [1, 2, 3]) {
            for (let offset = 0; offset <= ids.length; offset++) {
              const page = await items.page(filter, limit, offset);
              expect(page.map((row) => row.id)).toEqual(ids.slice(offset, offset + limit));
            }
          }
        }
      }
    }
  }

  it('after creates, date, language, type and trash changes, undated items, bulk writes, deletes', async () => {
    const { editor, server } = suite;
    const posts = itemsApi(editor, 'post');
    const made: number[] = [];
    const days = [
      '1990-01-05',
      '1990-01-20',
      '1990-03-01',
      '1991-07-14',
      '1991-07-14',
      '2001-12-31',
    ];
    for (const [i, date] of days.entries()) {
      const item = await posts.create({
        title: `post ${i}`,
        date,
        language: i % 3 === 0 ? 'fr' : 'en',
      });
      made.push(item.id);
    }
    const [a, b, c, d, e, f] = made as [number, number, number, number, number, number];
    await expectExact();

    // The API's totals and a deep page from the months.
    const list = await posts.list('all', { per_page: 2, page: 2 });
    expect(list.meta.total).toBe(6);
    expect(list.data.map((row) => row.id)).toEqual([d, c]);
    const french = await posts.list('all', { language: 'fr', per_page: 1, page: 2 });
    expect(french.meta.total).toBe(2);
    expect(french.data.map((row) => row.id)).toEqual([a]);

    // A date within its month, to another month; a language; trash and restore.
    expect((await posts.update(b, { date: '1990-01-02' })).statusCode).toBe(200);
    expect((await posts.update(c, { date: '1985-06-01' })).statusCode).toBe(200);
    expect((await posts.update(d, { language: 'fr' })).statusCode).toBe(200);
    expect((await posts.trash(e)).statusCode).toBe(200);
    await expectExact();
    expect((await posts.restore(e)).statusCode).toBe(200);
    await expectExact();

    // Undated items (no route writes them; older archives and imports may hold them).
    await db().updateTable('items').set({ date: null }).where('id', 'in', [a, f]).execute();
    await expectExact();

    // A type change, then several rows written by one statement each way.
    await db().updateTable('items').set({ type: 'mail' }).where('id', 'in', [b, c]).execute();
    await expectExact();
    const now = new Date().toISOString();
    await db()
      .insertInto('items')
      .values(
        ['1990-01-09', '1990-01-09', '1975-02-02', null].map((date, i) => ({
          type: 'mail',
          title: `mail ${i}`,
          content: '',
          status: 'published',
          date: date === null ? null : `${date}T00:00:00.000Z`,
          language: i === 2 ? 'fr' : 'en',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await expectExact();
    await db().updateTable('items').set({ language: 'fr' }).where('type', '=', 'mail').execute();
    await db().updateTable('items').set({ title: 'edited' }).where('type', '=', 'post').execute();
    await expectExact();
    await db()
      .updateTable('items')
      .set({ deleted_at: now })
      .where('type', '=', 'mail')
      .where('date', 'is', null)
      .execute();
    await expectExact();

    // Deleted for good, one by the route and several by one statement.
    await server.createUser({ email: 'eraser@example.com', permissions: ['content.delete'] });
    const eraser = itemsApi(await server.loggedIn('eraser@example.com'), 'post');
    expect((await posts.trash(d)).statusCode).toBe(200);
    expect((await eraser.hardDelete(d)).statusCode).toBe(200);
    await expectExact();
    await db().deleteFrom('items').where('type', '=', 'mail').execute();
    await expectExact();
    const left = await db().selectFrom('item_list_months').select('item_type').execute();
    expect(left.map((row) => row.item_type)).not.toContain('mail');
  });
});
