import { BULK_MAX_IDS, itemRoutes, type BulkResult, type Item } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { tablesState } from '../../test/tables.js';

const TABLES = [
  'items',
  'item_tags',
  'item_categories',
  'item_participants',
  'item_revisions',
  'change_stamps',
] as const;

describe('bulk actions on items', () => {
  let server: TestServer;
  let editor: TestClient;
  let reader: TestClient;
  let eraser: TestClient;
  let posts: ReturnType<typeof itemsApi>;
  let tags: number[];
  let people: number[];
  let category: number;

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor, reader } = await server.editorAndReader());
    await server.createUser({
      email: 'eraser@example.com',
      permissions: ['content.edit', 'content.delete'],
    });
    eraser = await server.loggedIn('eraser@example.com');
    posts = itemsApi(editor, 'post');
    tags = [];
    for (const name of ['Rome', 'Summer']) {
      tags.push((await editor.post('/api/tags', { name })).json().tag.id as number);
    }
    people = [];
    for (const name of ['Nonna', 'Zio']) {
      people.push((await editor.post('/api/participants', { name })).json().participant.id);
    }
    category = (await editor.post('/api/categories', { name: 'Letters' })).json().category.id;
  });
  afterAll(() => server.close());

  const bulk = (client: TestClient, body: unknown, type: 'post' | 'mail' = 'post') =>
    client.post(itemRoutes[type].bulk.path, body);

  /** Every row of the tables a bulk action writes, and the stamps: to prove nothing changed. */
  const state = () => tablesState(server.ctx.db, TABLES);

  async function revisionCount(id: number): Promise<number> {
    return (await posts.single(id)).revisions_count;
  }

  it('adds tags in one request, counting only items that change, and undoes exactly', async () => {
    const a = await posts.create({ title: 'A', language: 'fr' });
    const b = await posts.create({ title: 'B', language: 'fr', tags: [tags[0]] });
    const c = await posts.create({ title: 'C', language: 'fr', tags: tags });
    const response = await bulk(editor, {
      action: 'link',
      ids: [a.id, b.id, c.id, a.id],
      kind: 'tags',
      values: tags,
    });
    expect(response.statusCode).toBe(200);
    const result = response.json() as BulkResult;
    expect(result.changed).toBe(2);
    expect(result.ids).toEqual([a.id, b.id]);
    expect(result.message).toBe('Items changed: 2.');
    expect(result.undo).toEqual({
      action: 'revert',
      items: [
        { id: a.id, tags: [] },
        { id: b.id, tags: [tags[0]] },
      ],
    });
    for (const item of [a, b, c]) {
      expect((await posts.single(item.id)).tags.map((t) => t.id)).toEqual(tags);
    }
    // One revision per changed item, holding the version before.
    expect(await revisionCount(a.id)).toBe(1);
    expect(await revisionCount(c.id)).toBe(0);
    const revision = (await posts.revisions(b.id)).json().data[0];
    expect(revision.data.tags).toEqual([tags[0]]);

    const undone = await bulk(editor, result.undo);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe('Items put back as they were: 2.');
    expect((await posts.single(a.id)).tags).toEqual([]);
    expect((await posts.single(b.id)).tags.map((t) => t.id)).toEqual([tags[0]]);
    expect((await posts.single(c.id)).tags.map((t) => t.id)).toEqual(tags);
    expect(await revisionCount(a.id)).toBe(2);
    // The undo of an undo is the redo.
    expect(undone.json().undo).toEqual({
      action: 'revert',
      items: [
        { id: a.id, tags },
        { id: b.id, tags },
      ],
    });
  });

  it('removes categories and participants, changes status and language, with undo', async () => {
    const a = await posts.create({
      title: 'A',
      language: 'fr',
      categories: [category],
      from: people,
      to: [people[1]],
    });
    const b = await posts.create({ title: 'B', language: 'fr', status: 'draft' });
    const unlinked = await bulk(editor, {
      action: 'unlink',
      ids: [a.id, b.id],
      kind: 'from',
      values: [people[0]],
    });
    expect(unlinked.json()).toMatchObject({
      changed: 1,
      undo: { items: [{ id: a.id, from: people }] },
    });
    const after = await posts.single(a.id);
    expect(after.from.map((p) => p.id)).toEqual([people[1]]);
    expect(after.to.map((p) => p.id)).toEqual([people[1]]);
    const uncategorised = await bulk(editor, {
      action: 'unlink',
      ids: [a.id],
      kind: 'categories',
      values: [category],
    });
    expect(uncategorised.json().changed).toBe(1);
    expect((await posts.single(a.id)).categories).toEqual([]);

    const status = await bulk(editor, { action: 'status', ids: [a.id, b.id], status: 'draft' });
    expect(status.json()).toMatchObject({
      changed: 1,
      undo: { items: [{ id: a.id, status: 'published' }] },
    });
    const language = await bulk(editor, { action: 'language', ids: [a.id, b.id], language: 'de' });
    expect(language.json()).toMatchObject({
      changed: 2,
      undo: {
        items: [
          { id: a.id, language: 'fr' },
          { id: b.id, language: 'fr' },
        ],
      },
    });
    expect((await posts.single(b.id)).language).toBe('de');
    await bulk(editor, language.json().undo);
    expect((await posts.single(b.id)).language).toBe('fr');
    expect((await posts.single(a.id)).original_language).toBe('fr');
  });

  it('moves to the trash and restores, undoable, without revisions', async () => {
    const a = await posts.create({ title: 'A', language: 'fr' });
    const b = await posts.create({ title: 'B', language: 'fr' });
    const trashed = await bulk(eraser, { action: 'trash', ids: [a.id, b.id] });
    expect(trashed.json()).toMatchObject({
      message: 'Items moved to the trash: 2.',
      changed: 2,
      undo: {
        items: [
          { id: a.id, trashed: false },
          { id: b.id, trashed: false },
        ],
      },
    });
    expect((await posts.single(a.id)).deleted_at).not.toBeNull();
    expect(await revisionCount(a.id)).toBe(0);
    await bulk(eraser, trashed.json().undo);
    expect((await posts.single(a.id)).deleted_at).toBeNull();
    await bulk(eraser, { action: 'trash', ids: [a.id] });
    const restored = await bulk(eraser, { action: 'restore', ids: [a.id, b.id] });
    expect(restored.json()).toMatchObject({ changed: 1, ids: [a.id] });
  });

  it('refuses unknown ids, ids of another type and missing links with 422, changing nothing', async () => {
    const a = await posts.create({ title: 'A', language: 'fr' });
    const mail = await itemsApi(editor, 'mail').create({ title: 'M', language: 'fr' });
    const before = await state();
    for (const body of [
      { action: 'link', ids: [a.id, 999_999], kind: 'tags', values: [tags[0]] },
      { action: 'trash', ids: [a.id, mail.id] },
      { action: 'revert', items: [{ id: mail.id, status: 'draft' }] },
      { action: 'link', ids: [a.id], kind: 'tags', values: [tags[0], 999_999] },
      { action: 'link', ids: [a.id], kind: 'from', values: [999_999] },
      { action: 'language', ids: [a.id], language: 'es' },
      { action: 'fly', ids: [a.id] },
      { action: 'trash', ids: [] },
    ]) {
      const response = await bulk(eraser, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    const wrong = await bulk(eraser, { action: 'trash', ids: [a.id, mail.id] });
    expect(wrong.json().errors).toEqual({
      ids: ['Some of the selected items do not exist or are of another type.'],
    });
    expect(await state()).toBe(before);
  });

  it('caps the ids of one request with a localised 422', async () => {
    const ids = Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1);
    editor.language = 'fr';
    const response = await bulk(editor, { action: 'trash', ids });
    editor.language = 'en';
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.ids).toEqual(['Sélectionnez au plus 500 éléments à la fois.']);
    const hard = await eraser.post(itemRoutes.post.bulkHardDelete.path, { ids });
    expect(hard.statusCode).toBe(422);
  });

  it('is one transaction: a refusal on a later item undoes the earlier ones', async () => {
    // Z changes first (lower id), then X fails: its family already has an English version.
    const z = await posts.create({ title: 'Z', language: 'fr' });
    const x = await posts.create({ title: 'X', language: 'fr' });
    await posts.create({ title: 'X en', language: 'en', parent_id: x.id });
    const before = await state();
    const response = await bulk(editor, { action: 'language', ids: [z.id, x.id], language: 'en' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['language']);
    expect(await state()).toBe(before);
    expect((await posts.single(z.id)).language).toBe('fr');
    // The same on PostgreSQL and SQLite when the database itself refuses (unique index): two
    // translations of one original cannot both become Italian.
    const y = await posts.create({ title: 'Y', language: 'fr' });
    const y1 = await posts.create({ title: 'Y de', language: 'de', parent_id: y.id });
    const y2 = await posts.create({ title: 'Y en', language: 'en', parent_id: y.id });
    const snapshot = await state();
    const clash = await bulk(editor, { action: 'language', ids: [y1.id, y2.id], language: 'it' });
    expect(clash.statusCode).toBe(422);
    expect(await state()).toBe(snapshot);
  });

  it('needs content.edit, and content.delete to move to the trash or delete for good', async () => {
    const a = await posts.create({ title: 'A', language: 'fr' });
    await bulk(eraser, { action: 'trash', ids: [a.id] });
    const before = await state();
    expect((await bulk(reader, { action: 'restore', ids: [a.id] })).statusCode).toBe(403);
    expect((await bulk(editor, { action: 'restore', ids: [a.id] })).statusCode).toBe(403);
    expect(
      (await editor.post(itemRoutes.post.bulkHardDelete.path, { ids: [a.id] })).statusCode,
    ).toBe(403);
    expect((await editor.delete(itemRoutes.post.emptyTrash.path)).statusCode).toBe(403);
    expect((await server.client().post(itemRoutes.post.bulk.path, {})).statusCode).toBe(401);
    expect(await state()).toBe(before);
  });

  it('deletes selected trashed items for good, and empties the trash of one type', async () => {
    const live = await posts.create({ title: 'Live', language: 'fr' });
    const original = await posts.create({ title: 'O', language: 'fr', tags: [tags[0]] });
    const translation = await posts.create({ title: 'T', language: 'en', parent_id: original.id });
    const other = await posts.create({ title: 'Other', language: 'fr' });
    const mail = await itemsApi(editor, 'mail').create({ title: 'Mail', language: 'fr' });
    await bulk(eraser, { action: 'trash', ids: [original.id, translation.id, other.id] });
    await bulk(eraser, { action: 'trash', ids: [mail.id] }, 'mail');

    const before = await state();
    const refused = await eraser.post(itemRoutes.post.bulkHardDelete.path, {
      ids: [original.id, live.id],
    });
    expect(refused.statusCode).toBe(422);
    expect(await state()).toBe(before);

    const deleted = await eraser.post(itemRoutes.post.bulkHardDelete.path, {
      ids: [original.id, translation.id],
    });
    expect(deleted.json()).toEqual({
      message: 'Items deleted for good: 2.',
      changed: 2,
      ids: [original.id, translation.id],
      undo: null,
    });
    expect((await posts.singleRaw(original.id)).statusCode).toBe(404);
    expect((await posts.singleRaw(translation.id)).statusCode).toBe(404);

    const emptied = await eraser.delete(itemRoutes.post.emptyTrash.path);
    expect(emptied.statusCode).toBe(200);
    const ids = emptied.json().ids as number[];
    expect(ids).toContain(other.id);
    expect((await posts.list('deleted')).meta.total).toBe(0);
    // Other types' trash stays.
    expect(((await itemsApi(editor, 'mail').single(mail.id)) as Item).deleted_at).not.toBeNull();
    expect((await posts.singleRaw(live.id)).statusCode).toBe(200);
    const again = await eraser.delete(itemRoutes.post.emptyTrash.path);
    expect(again.json()).toMatchObject({ changed: 0, undo: null });
  });
});
