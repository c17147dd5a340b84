import { ITEM_TYPES, routePath, type HistoryEntry } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { itemsApi, type PageBody } from '../../test/items-api.js';
import { editorAndReaderSuite } from '../../test/suite.js';

describe('the history feed and the item type constraint', () => {
  const suite = editorAndReaderSuite();

  const feed = async (query: Record<string, string | number> = {}) => {
    const response = await suite.reader.get(routePath('historyFeed', { query }));
    expect(response.statusCode).toBe(200);
    return response.json() as PageBody<HistoryEntry>;
  };

  it('lists creations and edits of every type, newest first, with who and the revision', async () => {
    const [first, second] = [ITEM_TYPES[0], ITEM_TYPES[ITEM_TYPES.length - 1]!];
    const a = await itemsApi(suite.editor, first).create({ title: 'Alpha', language: 'en' });
    const b = await itemsApi(suite.editor, second).create({ title: 'Beta', language: 'fr' });
    expect(
      (await itemsApi(suite.editor, first).update(a.id, { title: 'Alpha two' })).statusCode,
    ).toBe(200);
    const page = await feed();
    expect(page.meta.total).toBe(3);
    const [edit, createdB, createdA] = page.data;
    expect(edit).toMatchObject({
      kind: 'updated',
      item: { id: a.id, type: first, title: 'Alpha two' },
      user: { name: 'editor' },
    });
    expect(edit!.revision_id).toEqual(expect.any(Number));
    expect(createdB).toMatchObject({ kind: 'created', revision_id: null, item: { id: b.id } });
    expect(createdA).toMatchObject({ kind: 'created', item: { id: a.id, type: first } });
    expect(createdA!.user?.name).toBe('editor');

    // One type's feed, paginated in the usual shape.
    const ofFirst = await feed({ type: first, per_page: 1, page: 2 });
    expect(ofFirst.meta).toMatchObject({ total: 2, last_page: 2, current_page: 2 });
    expect(ofFirst.data.map((e) => [e.kind, e.item.id])).toEqual([['created', a.id]]);
    expect((await feed({ type: second })).data.map((e) => e.item.id)).toEqual([b.id]);
  });

  it('needs a login and refuses an unknown type or page with 422', async () => {
    expect((await suite.server.client().get(routePath('historyFeed'))).statusCode).toBe(401);
    for (const query of [{ type: 'letter' }, { page: 0 }, { per_page: 1000 }]) {
      const response = await suite.reader.get(routePath('historyFeed', { query }));
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
    }
  });

  it('the database refuses an item of a type the contract does not define', async () => {
    const now = new Date().toISOString();
    const row = {
      type: 'letter',
      title: 'x',
      content: '',
      date: now,
      language: 'en',
      original_language: 'en',
      parent_id: null,
      status: 'published',
      deleted_at: null,
      created_at: now,
      updated_at: now,
    };
    await expect(suite.server.ctx.db.insertInto('items').values(row).execute()).rejects.toThrow();
    const ok = await suite.server.ctx.db
      .insertInto('items')
      .values({ ...row, type: ITEM_TYPES[0] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      suite.server.ctx.db
        .updateTable('items')
        .set({ type: 'letter' })
        .where('id', '=', ok.id)
        .execute(),
    ).rejects.toThrow();
  });
});
