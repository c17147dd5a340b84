import { ITEM_TYPES, routePath, type HistoryEntry } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';
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

describe('records in the history feed', () => {
  let server: TestServer;
  let keeper: TestClient;
  let reader: TestClient;
  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({
      email: 'keeper@example.com',
      permissions: ['records.edit', 'content.edit'],
    });
    await server.createUser({ email: 'reader@example.com' });
    keeper = await server.loggedIn('keeper@example.com');
    reader = await server.loggedIn('reader@example.com');
  });
  afterAll(() => server.close());

  const feed = async (query: Record<string, string | number> = {}) => {
    const response = await reader.get(routePath('historyFeed', { query }));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PageBody<HistoryEntry>;
  };

  it('lists their creations and edits beside the items, and alone with type=records', async () => {
    const made = await keeper.post('/api/records', {
      number: 'K7-1',
      lang: 'fr',
      title: 'La moisson',
      summary: 'Souvenirs de la ferme.',
    });
    expect(made.statusCode, made.body).toBe(201);
    const record = made.json().record as { id: number };
    const item = await itemsApi(keeper, ITEM_TYPES[0]).create({ title: 'Lettre', language: 'fr' });
    const edited = await keeper.patch(`/api/records/${record.id}`, { title: 'La grande moisson' });
    expect(edited.statusCode, edited.body).toBe(200);

    const all = await feed();
    expect(all.meta.total).toBe(3);
    // The edit came last; the two creations may share a millisecond, so they are found by type.
    const [edit, ...creations] = all.data;
    const itemCreated = creations.find((e) => e.item.type !== 'records');
    const recordCreated = creations.find((e) => e.item.type === 'records');
    expect(edit).toMatchObject({
      kind: 'updated',
      item: { id: record.id, type: 'records', title: 'La grande moisson', language: 'fr' },
      user: { name: 'keeper' },
    });
    expect(edit!.revision_id).toEqual(expect.any(Number));
    expect(itemCreated).toMatchObject({
      kind: 'created',
      item: { id: item.id, type: ITEM_TYPES[0] },
    });
    expect(recordCreated).toMatchObject({
      kind: 'created',
      revision_id: null,
      user: null,
      item: { id: record.id, type: 'records', preview: 'Souvenirs de la ferme.', deleted_at: null },
    });

    const records = await feed({ type: 'records', per_page: 1, page: 2 });
    expect(records.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(records.data.map((e) => [e.kind, e.item.type])).toEqual([['created', 'records']]);
    expect((await feed({ type: ITEM_TYPES[0] })).data.map((e) => e.item.id)).toEqual([item.id]);
  });
});
