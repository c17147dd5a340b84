import { itemRoutes } from '@kinfolio/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { categoriesRepository } from '../categories/index.js';
import { itemsApi, linkTargets } from '../../test/items-api.js';
import { trashingEditorSuite } from '../../test/suite.js';
import { itemsRepository, type ListFilter } from './repository.js';

/**
 * A category's list reads item_category_scopes (migration 0023), derived by triggers from the
 * category tree, the links and the items: after every kind of change, the derived tables equal
 * the closure and the scopes computed the straightforward way, and each category's pages and
 * count equal those read from item_categories with the subtree's ids.
 */
describe('category subtree scopes follow the tree, the links and the items', () => {
  const cat = { family: 0, kids: 0, toys: 0, trips: 0, rome: 0, other: 0 };

  const suite = trashingEditorSuite(async ({ editor }) => {
    const make = linkTargets(editor);
    cat.family = await make.category('Family');
    cat.kids = await make.category('Kids', cat.family);
    cat.toys = await make.category('Toys', cat.kids);
    cat.trips = await make.category('Trips');
    cat.rome = await make.category('Rome', cat.trips);
    cat.other = await make.category('Other', cat.rome);
  });
  const db = () => suite.server.ctx.db;
  const rows = <T>(list: T[]) => JSON.stringify(list);

  /** The derived tables against their definition, and every category's list both ways. */
  async function expectExact() {
    const closure = await sql<{ category_id: number; ancestor_id: number }>`
      with recursive tree(category_id, ancestor_id) as (
        select id, id from categories
        union
        select c.id, tree.ancestor_id from categories c join tree on c.parent_id = tree.category_id
      )
      select category_id, ancestor_id from tree order by category_id, ancestor_id`.execute(db());
    const ancestors = await db()
      .selectFrom('category_ancestors')
      .select(['category_id', 'ancestor_id'])
      .orderBy('category_id')
      .orderBy('ancestor_id')
      .execute();
    const norm = (list: Record<string, unknown>[]) =>
      list.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]),
        ),
      );
    expect(rows(norm(ancestors))).toBe(rows(norm(closure.rows)));

    const scopes = await sql<Record<string, unknown>>`
      with recursive tree(category_id, ancestor_id) as (
        select id, id from categories
        union
        select c.id, tree.ancestor_id from categories c join tree on c.parent_id = tree.category_id
      )
      select distinct tree.ancestor_id as category_id, i.id as item_id, i.type as item_type,
        i.date as item_date, case when i.deleted_at is null then 1 else 0 end as item_live
      from tree
      join item_categories ic on ic.category_id = tree.category_id
      join items i on i.id = ic.item_id
      order by category_id, item_id`.execute(db());
    const derived = await db()
      .selectFrom('item_category_scopes')
      .select(['category_id', 'item_id', 'item_type', 'item_date', 'item_live'])
      .orderBy('category_id')
      .orderBy('item_id')
      .execute();
    expect(rows(norm(derived))).toBe(rows(norm(scopes.rows)));

    const items = itemsRepository(db());
    const categories = await db().selectFrom('categories').select('id').execute();
    for (const { id } of categories) {
      const ids = await categoriesRepository(db()).subtreeIds(id);
      for (const type of ['post', 'mail'] as const) {
        for (const sort of ['newest', 'oldest'] as const) {
          const plain: ListFilter = { type, view: 'live', sort, categorySets: [ids] };
          const fast: ListFilter = { ...plain, categoryRoots: [id] };
          expect(await items.count(fast)).toBe(await items.count(plain));
          for (const offset of [0, 1, 3]) {
            const page = async (filter: ListFilter) =>
              (await items.page(filter, 2, offset)).map((row) => row.id);
            expect(await page(fast)).toEqual(await page(plain));
          }
        }
      }
    }
  }

  it('after links, dates, types, trash, bulk changes, moves, deletes of categories and items', async () => {
    const { editor, server } = suite;
    const posts = itemsApi(editor, 'post');
    const bulk = (body: unknown) => editor.post(itemRoutes.post.bulk.path, body);
    const created = [];
    for (const [i, categories] of [
      [cat.toys],
      [cat.kids, cat.toys],
      [cat.family],
      [cat.rome, cat.toys],
      [cat.other],
      [],
    ].entries()) {
      created.push(
        await posts.create({
          title: `item ${i}`,
          date: `19${50 + i}-01-01`,
          language: 'en',
          categories,
        }),
      );
    }
    const [a, b, c, d, e, f] = created.map((item) => item.id) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    await expectExact();

    // The same subtree's list through the API, from the scopes.
    const family = await posts.filtered('category', cat.family);
    expect(family.data.map((row) => row.id)).toEqual([d, c, b, a]);
    expect(family.meta.total).toBe(4);

    // Dates, trash and restore, links replaced by an edit.
    expect((await posts.update(a, { date: '1999-01-01' })).statusCode).toBe(200);
    expect((await posts.trash(b)).statusCode).toBe(200);
    await expectExact();
    expect((await posts.restore(b)).statusCode).toBe(200);
    expect((await posts.update(d, { categories: [cat.toys] })).statusCode).toBe(200);
    expect((await posts.update(c, { categories: [] })).statusCode).toBe(200);
    await expectExact();

    // Bulk link and unlink.
    expect(
      (await bulk({ action: 'link', ids: [e, f], kind: 'categories', values: [cat.kids] }))
        .statusCode,
    ).toBe(200);
    await expectExact();
    expect(
      (await bulk({ action: 'unlink', ids: [a, b, e], kind: 'categories', values: [cat.toys] }))
        .statusCode,
    ).toBe(200);
    await expectExact();

    // A type change (no route does it; the trigger must follow it anyway).
    await db().updateTable('items').set({ type: 'mail' }).where('id', '=', f).execute();
    await expectExact();
    await db().updateTable('items').set({ type: 'post' }).where('id', '=', f).execute();

    // Category moves: a subtree under another, to the top, back.
    const move = (id: number, parent: number | null) =>
      editor.patch(`/api/categories/${id}`, { parent_id: parent });
    expect((await move(cat.kids, cat.rome)).statusCode).toBe(200);
    await expectExact();
    expect((await move(cat.kids, null)).statusCode).toBe(200);
    await expectExact();
    expect((await move(cat.trips, cat.toys)).statusCode).toBe(200);
    await expectExact();
    expect((await move(cat.trips, null)).statusCode).toBe(200);
    expect((await move(cat.kids, cat.family)).statusCode).toBe(200);
    await expectExact();

    // A link's category changed in place (no route does it either).
    await db()
      .updateTable('item_categories')
      .set({ category_id: cat.rome })
      .where('item_id', '=', d)
      .where('category_id', '=', cat.toys)
      .execute();
    await expectExact();

    // One link removed alone while another of the item keeps the same ancestors.
    expect((await posts.update(b, { categories: [cat.kids, cat.toys] })).statusCode).toBe(200);
    await db()
      .deleteFrom('item_categories')
      .where('item_id', '=', b)
      .where('category_id', '=', cat.toys)
      .execute();
    await expectExact();

    // A linked leaf deleted (its item keeps its parent's link); an item deleted for good.
    expect(
      (await posts.update(e, { categories: [cat.other, cat.rome, cat.kids] })).statusCode,
    ).toBe(200);
    expect((await editor.delete(`/api/categories/${cat.other}`)).statusCode).toBe(200);
    await expectExact();
    await server.createUser({ email: 'eraser@example.com', permissions: ['content.delete'] });
    const eraser = itemsApi(await server.loggedIn('eraser@example.com'), 'post');
    expect((await posts.trash(a)).statusCode).toBe(200);
    expect((await eraser.hardDelete(a)).statusCode).toBe(200);
    await expectExact();
    const left = await db().selectFrom('item_category_scopes').select('item_id').execute();
    expect(left.map((row) => row.item_id)).not.toContain(a);
  });
});
