import type { Category } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { itemFixtures } from '../../test/items.js';
import { editorAndReaderSuite } from '../../test/suite.js';

/** Every parent's children must carry the orders 0..n-1. */
function expectDense(list: Category[]) {
  const byParent = new Map<number | null, number[]>();
  for (const category of list) {
    byParent.set(category.parent_id, [...(byParent.get(category.parent_id) ?? []), category.order]);
  }
  for (const [parent, orders] of byParent) {
    expect(
      [...orders].sort((a, b) => a - b),
      `children of ${parent}`,
    ).toEqual(orders.map((_, index) => index));
  }
}

describe('categories', () => {
  const suite = editorAndReaderSuite();

  async function create(body: Record<string, unknown>): Promise<Category> {
    const response = await suite.editor.post('/api/categories', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().category;
  }
  async function list(): Promise<Category[]> {
    const response = await suite.reader.get('/api/categories');
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  async function childrenOf(parentId: number | null): Promise<string[]> {
    return (await list())
      .filter((category) => category.parent_id === parentId)
      .sort((a, b) => a.order - b.order)
      .map((category) => category.name.en ?? category.name.fr ?? '');
  }

  it('lets any logged-in user read and only editors write', async () => {
    const category = await create({ name: { fr: 'Lettres', en: 'Letters' } });
    expect(category).toMatchObject({
      name: { fr: 'Lettres', en: 'Letters', it: null, de: null },
      parent_id: null,
      count: 0,
    });
    expect((await suite.reader.get(`/api/categories/${category.id}`)).json()).toEqual(category);
    expect((await suite.reader.post('/api/categories', { name: 'Nope' })).statusCode).toBe(403);
    expect((await suite.reader.delete(`/api/categories/${category.id}`)).statusCode).toBe(403);
    expect((await suite.server.client().get('/api/categories')).statusCode).toBe(401);
    expect((await suite.reader.get('/api/categories/999999')).statusCode).toBe(404);
    expect((await suite.editor.patch('/api/categories/999999', { order: 0 })).statusCode).toBe(404);
    expect((await suite.editor.delete('/api/categories/999999')).statusCode).toBe(404);
  });

  it('takes a plain string as the name in the request language', async () => {
    suite.editor.language = 'de';
    try {
      const response = await suite.editor.post('/api/categories', { name: '  Briefe ' });
      expect(response.json().message).toBe('Die Kategorie wurde erstellt.');
      expect(response.json().category.name).toEqual({ fr: null, en: null, it: null, de: 'Briefe' });
    } finally {
      suite.editor.language = 'en';
    }
  });

  it('refuses bad bodies with a localised 422 and creates nothing', async () => {
    const before = await list();
    const bad: [Record<string, unknown>, string][] = [
      [{ name: {} }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: { fr: '', en: null } }, 'name'],
      [{ name: { xx: 'Nope' } }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Nul\u0000byte' }, 'name'],
      [{}, 'name'],
      [{ name: 'Orphan', parent_id: 999999 }, 'parent_id'],
      [{ name: 'Orphan', parent_id: 3_000_000_000 }, 'parent_id'],
      [{ name: 'Orphan', parent_id: 1e30 }, 'parent_id'],
      [{ name: 'Orphan', parent_id: 'abc' }, 'parent_id'],
      [{ name: 'Orphan', order: -1 }, 'order'],
      [{ name: 'Orphan', order: 1.5 }, 'order'],
    ];
    for (const [body, field] of bad) {
      const response = await suite.editor.post('/api/categories', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toContain(field);
    }
    suite.editor.language = 'fr';
    try {
      const response = await suite.editor.post('/api/categories', { name: { fr: ' ' } });
      expect(response.json()).toEqual({
        message: 'Saisissez un nom dans au moins une langue.',
        errors: { name: ['Saisissez un nom dans au moins une langue.'] },
      });
    } finally {
      suite.editor.language = 'en';
    }
    expect(await list()).toEqual(before);
    expect((await suite.editor.get('/api/categories/3000000000')).statusCode).toBe(422);
  });

  it('inserts at the given order among siblings, else at the end', async () => {
    const parent = await create({ name: { en: 'Ordered' } });
    for (const name of ['A', 'B', 'C']) await create({ name: { en: name }, parent_id: parent.id });
    await create({ name: { en: 'D' }, parent_id: parent.id, order: 1 });
    await create({ name: { en: 'E' }, parent_id: parent.id, order: 0 });
    await create({ name: { en: 'F' }, parent_id: parent.id, order: 99 });
    expect(await childrenOf(parent.id)).toEqual(['E', 'A', 'D', 'B', 'C', 'F']);
    expectDense(await list());
  });

  it('reorders and moves, keeping both parents dense, and renames per language', async () => {
    const left = await create({ name: { en: 'Left' } });
    const right = await create({ name: { en: 'Right' } });
    const ids: Record<string, number> = {};
    for (const name of ['L0', 'L1', 'L2', 'L3']) {
      ids[name] = (await create({ name: { en: name, fr: `${name}-fr` }, parent_id: left.id })).id;
    }
    for (const name of ['R0', 'R1']) {
      ids[name] = (await create({ name: { en: name }, parent_id: right.id })).id;
    }

    let response = await suite.editor.patch(`/api/categories/${ids.L3}`, { order: 0 });
    expect(response.statusCode).toBe(200);
    expect(response.json().category.order).toBe(0);
    expect(await childrenOf(left.id)).toEqual(['L3', 'L0', 'L1', 'L2']);
    await suite.editor.patch(`/api/categories/${ids.L3}`, { order: 2 });
    expect(await childrenOf(left.id)).toEqual(['L0', 'L1', 'L3', 'L2']);

    response = await suite.editor.patch(`/api/categories/${ids.L1}`, {
      parent_id: right.id,
      order: 1,
    });
    expect(response.json().category).toMatchObject({ parent_id: right.id, order: 1 });
    expect(await childrenOf(left.id)).toEqual(['L0', 'L3', 'L2']);
    expect(await childrenOf(right.id)).toEqual(['R0', 'L1', 'R1']);

    // Without an order a moved category goes last; to the root with parent_id null.
    await suite.editor.patch(`/api/categories/${ids.L0}`, { parent_id: right.id });
    expect(await childrenOf(right.id)).toEqual(['R0', 'L1', 'R1', 'L0']);
    await suite.editor.patch(`/api/categories/${ids.R0}`, { parent_id: null, order: 0 });
    expect((await childrenOf(null))[0]).toBe('R0');
    expectDense(await list());

    response = await suite.editor.patch(`/api/categories/${ids.L2}`, {
      name: { de: 'L2-de', fr: null },
    });
    expect(response.json().category.name).toEqual({ fr: null, en: 'L2', it: null, de: 'L2-de' });
    const emptied = await suite.editor.patch(`/api/categories/${ids.L2}`, {
      name: { en: '', de: null },
    });
    expect(emptied.statusCode).toBe(422);
    expect((await suite.reader.get(`/api/categories/${ids.L2}`)).json().name.en).toBe('L2');
  });

  it('refuses to move a category into itself or a descendant', async () => {
    const root = await create({ name: { en: 'Root' } });
    const child = await create({ name: { en: 'Child' }, parent_id: root.id });
    const grandchild = await create({ name: { en: 'Grandchild' }, parent_id: child.id });
    const before = await list();
    for (const target of [root.id, child.id, grandchild.id]) {
      const response = await suite.editor.patch(`/api/categories/${root.id}`, {
        parent_id: target,
        order: 0,
        name: { en: 'Renamed' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(
        'A category cannot be moved into itself or into one of its subcategories.',
      );
      expect(Object.keys(response.json().errors)).toEqual(['parent_id']);
    }
    expect(
      (await suite.editor.patch(`/api/categories/${child.id}`, { parent_id: 999999 })).statusCode,
    ).toBe(422);
    expect(await list()).toEqual(before);
    // Moving a grandchild up to its grandparent is fine.
    const moved = await suite.editor.patch(`/api/categories/${grandchild.id}`, {
      parent_id: root.id,
    });
    expect(moved.json().category).toMatchObject({ parent_id: root.id, order: 1 });
  });

  it('counts non-deleted items over all descendants, each item once', async () => {
    const items = itemFixtures(suite.server.ctx.db);
    const top = await create({ name: { en: 'Top' } });
    const middle = await create({ name: { en: 'Middle' }, parent_id: top.id });
    const leaf = await create({ name: { en: 'Leaf' }, parent_id: middle.id });
    const other = await create({ name: { en: 'Other' }, parent_id: top.id });
    const [a, b, c] = [await items.item(), await items.item(), await items.item()];
    const deleted = await items.item({ deleted: true });
    await items.inCategory(a, leaf.id);
    await items.inCategory(a, middle.id); // the same item twice in one subtree counts once
    await items.inCategory(b, middle.id);
    await items.inCategory(c, other.id);
    await items.inCategory(deleted, leaf.id);
    const counts = new Map((await list()).map((category) => [category.id, category.count]));
    expect(counts.get(top.id)).toBe(3);
    expect(counts.get(middle.id)).toBe(2);
    expect(counts.get(leaf.id)).toBe(1);
    expect(counts.get(other.id)).toBe(1);
    expect((await suite.reader.get(`/api/categories/${top.id}`)).json().count).toBe(3);
  });

  it('refuses to delete a category with children, and deletes links but never items', async () => {
    const items = itemFixtures(suite.server.ctx.db);
    const parent = await create({ name: { en: 'Parent' } });
    const first = await create({ name: { en: 'First' }, parent_id: parent.id });
    const second = await create({ name: { en: 'Second' }, parent_id: parent.id });
    const third = await create({ name: { en: 'Third' }, parent_id: parent.id });
    const item = await items.item();
    await items.inCategory(item, second.id);

    const refused = await suite.editor.delete(`/api/categories/${parent.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'This category has subcategories: move or delete them first.',
    );
    expect((await suite.reader.get(`/api/categories/${parent.id}`)).statusCode).toBe(200);

    const deleted = await suite.editor.delete(`/api/categories/${second.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('The category has been deleted.');
    expect((await suite.reader.get(`/api/categories/${second.id}`)).statusCode).toBe(404);
    expect(await childrenOf(parent.id)).toEqual(['First', 'Third']);
    expect((await suite.reader.get(`/api/categories/${third.id}`)).json().order).toBe(1);
    const kept = await suite.server.ctx.db
      .selectFrom('items')
      .select('id')
      .where('id', '=', item)
      .execute();
    expect(kept).toHaveLength(1);
    const links = await suite.server.ctx.db
      .selectFrom('item_categories')
      .selectAll()
      .where('item_id', '=', item)
      .execute();
    expect(links).toEqual([]);
    expect(first.order).toBe(0);
    expectDense(await list());
  });

  it('lists the tree flat: roots first, then by parent and order', async () => {
    const categories = await list();
    const firstChild = categories.findIndex((category) => category.parent_id !== null);
    expect(categories.slice(0, firstChild).every((c) => c.parent_id === null)).toBe(true);
    expect(categories.slice(firstChild).every((c) => c.parent_id !== null)).toBe(true);
    expect(Object.keys(categories[0]!).sort()).toEqual([
      'count',
      'id',
      'name',
      'order',
      'parent_id',
    ]);
  });

  it('keeps orders dense under concurrent creates and moves', async () => {
    const parent = await create({ name: { en: 'Busy' } });
    const other = await create({ name: { en: 'Elsewhere' } });
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        suite.editor.post('/api/categories', {
          name: { en: `N${index}` },
          parent_id: parent.id,
          order: 0,
        }),
      ),
    );
    expect(created.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const ids = created.map((response) => response.json().category.id as number);
    await Promise.all(
      ids
        .slice(0, 4)
        .map((id, index) =>
          suite.editor.patch(`/api/categories/${id}`, { parent_id: other.id, order: index % 2 }),
        ),
    );
    const all = await list();
    expect(all.filter((category) => category.parent_id === parent.id)).toHaveLength(4);
    expect(all.filter((category) => category.parent_id === other.id)).toHaveLength(4);
    expectDense(all);
  });
});
