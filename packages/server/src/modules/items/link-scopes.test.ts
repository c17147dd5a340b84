import { describe, expect, it } from 'vitest';
import { itemsApi, linkTargets } from '../../test/items-api.js';
import { trashingEditorSuite } from '../../test/suite.js';

/**
 * Participant, tag and category lists read the link tables alone, whose rows keep a copy of their
 * item's type, date and trash state (migration 0011): every change of the item must reach them.
 */
describe('filtered lists follow their items', () => {
  const ids = { ada: 0, tag: 0, root: 0, child: 0, grandchild: 0 };

  const suite = trashingEditorSuite(async ({ editor }) => {
    const make = linkTargets(editor);
    ids.ada = await make.participant('Ada');
    ids.tag = await make.tag('Summer');
    ids.root = await make.category('Family');
    ids.child = await make.category('Kids', ids.root);
    ids.grandchild = await make.category('Toys', ids.child);
  });

  it('keeps date order, trash and restore, link changes, counts and pages in step', async () => {
    const api = itemsApi(suite.editor, 'post');
    const idsOf = (page: { data: { id: number }[] }) => page.data.map((row) => row.id);
    const lists = async () => ({
      ada: await api.filtered('participant', ids.ada),
      tag: await api.filtered('tag', ids.tag),
      root: await api.filtered('category', ids.root),
    });
    // Ada both sends and receives `both`; `both` is in two categories of the root's subtree.
    const links = { language: 'en', tags: [ids.tag], from: [ids.ada] };
    const old = await api.create({
      title: 'old',
      date: '1960-01-01',
      ...links,
      categories: [ids.child],
    });
    const both = await api.create({
      title: 'both',
      date: '1970-01-01',
      ...links,
      to: [ids.ada],
      categories: [ids.child, ids.grandchild],
    });
    const recent = await api.create({
      title: 'recent',
      date: '1980-01-01',
      ...links,
      categories: [ids.root],
    });
    let now = await lists();
    for (const list of Object.values(now)) {
      expect(idsOf(list)).toEqual([recent.id, both.id, old.id]);
      expect(list.meta.total).toBe(3);
    }

    // A new date moves the item in every list.
    expect((await api.update(old.id, { date: '1990-01-01' })).statusCode).toBe(200);
    now = await lists();
    for (const list of Object.values(now))
      expect(idsOf(list)).toEqual([old.id, recent.id, both.id]);

    // Trashed, it leaves them; restored, it comes back.
    expect((await api.trash(both.id)).statusCode).toBe(200);
    now = await lists();
    for (const list of Object.values(now)) {
      expect(idsOf(list)).toEqual([old.id, recent.id]);
      expect(list.meta.total).toBe(2);
    }
    expect((await api.restore(both.id)).statusCode).toBe(200);
    now = await lists();
    for (const list of Object.values(now))
      expect(idsOf(list)).toEqual([old.id, recent.id, both.id]);

    // Links replaced by an edit are read with their item's copy too.
    expect((await api.update(recent.id, { tags: [], from: [], categories: [] })).statusCode).toBe(
      200,
    );
    now = await lists();
    for (const list of Object.values(now)) expect(idsOf(list)).toEqual([old.id, both.id]);
    expect((await api.update(recent.id, { tags: [ids.tag] })).statusCode).toBe(200);
    expect(idsOf(await api.filtered('tag', ids.tag))).toEqual([old.id, recent.id, both.id]);

    // Pages of one: each item once, in order, however many links it has in the list.
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(...idsOf(await api.filtered('category', ids.root, { per_page: 1, page })));
    }
    expect(pages).toEqual([old.id, both.id]);
    const byAda = [];
    for (const page of [1, 2]) {
      byAda.push(...idsOf(await api.filtered('participant', ids.ada, { per_page: 1, page })));
    }
    expect(byAda).toEqual([old.id, both.id]);
  });
});
