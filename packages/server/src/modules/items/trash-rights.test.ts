import { ITEM_TYPES, itemRoutes, routes } from '@kinfolio/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { tablesState } from '../../test/tables.js';

const TABLES = ['items', 'item_revisions', 'records', 'record_revisions', 'change_stamps'] as const;
const FORBIDDEN = 'You do not have permission to access this resource.';

/**
 * Moving into the trash and out of it is deleting, as the rights screen says: it needs
 * `content.delete`, for one entry or many, items of every type and records alike; editing
 * (`content.edit`, `records.edit`) is not enough.
 */
describe('the trash needs content.delete', () => {
  let server: TestServer;
  /** content.edit and records.edit: may write everything, delete nothing. */
  let editor: TestClient;
  /** content.edit, records.edit and content.delete. */
  let eraser: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({
      email: 'editor@example.com',
      permissions: ['content.edit', 'records.edit'],
    });
    await server.createUser({
      email: 'eraser@example.com',
      permissions: ['content.edit', 'records.edit', 'content.delete'],
    });
    editor = await server.loggedIn('editor@example.com');
    eraser = await server.loggedIn('eraser@example.com');
  });
  afterAll(() => server.close());

  const state = () => tablesState(server.ctx.db, TABLES);

  /** A 403 with the usual message, and nothing written. */
  async function expectRefused(send: () => Promise<LightMyRequestResponse>) {
    const before = await state();
    const response = await send();
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().message).toBe(FORBIDDEN);
    expect(await state()).toBe(before);
  }

  it.each(ITEM_TYPES)('%s: one item, trash and restore', async (type) => {
    const byEditor = itemsApi(editor, type);
    const byEraser = itemsApi(eraser, type);
    const item = await byEditor.create({ title: 'Lettre à Nonna', language: 'fr' });

    await expectRefused(() => byEditor.trash(item.id));
    expect((await byEraser.trash(item.id)).statusCode).toBe(200);
    expect((await byEraser.single(item.id)).deleted_at).not.toBeNull();

    await expectRefused(() => byEditor.restore(item.id));
    expect((await byEraser.restore(item.id)).statusCode).toBe(200);
    expect((await byEraser.single(item.id)).deleted_at).toBeNull();
  });

  it('items in bulk: trash, restore and an undo that moves them are refused; links are not', async () => {
    const posts = itemsApi(editor, 'post');
    const a = await posts.create({ title: 'A', language: 'fr' });
    const b = await posts.create({ title: 'B', language: 'fr' });
    const ids = [a.id, b.id];
    const bulk = (client: TestClient, body: unknown) =>
      client.post(itemRoutes.post.bulk.path, body);

    await expectRefused(() => bulk(editor, { action: 'trash', ids }));
    const trashed = await bulk(eraser, { action: 'trash', ids });
    expect(trashed.statusCode, trashed.body).toBe(200);
    expect(trashed.json().changed).toBe(2);
    // The undo of a trash is a revert that takes the items out of it: a restore.
    const undo = trashed.json().undo;
    await expectRefused(() => bulk(editor, undo));
    await expectRefused(() => bulk(editor, { action: 'restore', ids }));
    const restored = await bulk(eraser, { action: 'restore', ids });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().changed).toBe(2);

    // Editing in bulk still needs only content.edit, its undo too.
    const language = await bulk(editor, { action: 'language', ids, language: 'it' });
    expect(language.statusCode, language.body).toBe(200);
    expect((await bulk(editor, language.json().undo)).statusCode).toBe(200);
  });

  it('records, one and in bulk: trash and restore', async () => {
    const created = await editor.post(routes.recordCreate.path, { title: 'Papi', lang: 'fr' });
    expect(created.statusCode, created.body).toBe(201);
    const id: number = created.json().record.id;
    const one = (route: { path: string }) => route.path.replace(':id', String(id));

    await expectRefused(() => editor.delete(one(routes.recordDelete)));
    expect((await eraser.delete(one(routes.recordDelete))).statusCode).toBe(200);
    await expectRefused(() => editor.post(one(routes.recordRestore)));
    expect((await eraser.post(one(routes.recordRestore))).statusCode).toBe(200);

    const bulk = (client: TestClient, body: unknown) => client.post(routes.recordBulk.path, body);
    await expectRefused(() => bulk(editor, { action: 'trash', ids: [id] }));
    const trashed = await bulk(eraser, { action: 'trash', ids: [id] });
    expect(trashed.statusCode, trashed.body).toBe(200);
    await expectRefused(() => bulk(editor, trashed.json().undo));
    await expectRefused(() => bulk(editor, { action: 'restore', ids: [id] }));
    expect((await bulk(eraser, { action: 'restore', ids: [id] })).statusCode).toBe(200);
  });
});
