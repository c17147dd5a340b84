import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes, type DeletedMedia, type Item } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi, type PageBody } from '../../test/items-api.js';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';
import { uploadFile, storedKeys } from '../../test/uploads.js';
import { emptyExpiredTrash } from '../retention/index.js';
import { purgeExpiredDeletedMedias } from './deleted.js';
import { reconcileFiles } from './reconcile.js';

const DAY = 86_400_000;

describe('deleted medias', () => {
  let server: TestServer;
  let dataDir: string;
  let admin: TestClient;
  let editor: TestClient;
  let reader: TestClient;
  let photo: Buffer;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-deleted-'));
    server = await createTestServer({ env: { DATA_DIR: dataDir } });
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    await server.createUser({
      email: 'editor@example.com',
      permissions: ['content.edit', 'content.delete'],
    });
    await server.createUser({ email: 'reader@example.com' });
    editor = await server.loggedIn('editor@example.com');
    reader = await server.loggedIn('reader@example.com');
    photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#963' } })
      .jpeg()
      .toBuffer();
  });
  beforeEach(async () => {
    await server.ctx.db.deleteFrom('files').where('deleted_at', 'is not', null).execute();
    await server.ctx.db.deleteFrom('settings').where('key', 'like', '%retention_days').execute();
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * An item of `type` holding one photo named `name`, thumbnail made; answers the item and the
   * file's id.
   */
  async function itemWithPhoto(type: 'post' | 'media', title: string, name = 'photo.jpg') {
    const item = await itemsApi(editor, type).create({ title, language: 'fr' });
    const token = (await uploadFile(editor, { name, type: 'image/jpeg', data: photo })).body;
    const attached = await editor.patch(routes.addFilepond.path, {
      newmedias: [token],
      modelId: item.id,
      modelType: type,
    });
    expect(attached.statusCode).toBe(200);
    // Its thumbnail is made by the job queue.
    await server.jobsSettled();
    return { item, fileId: attached.json().files[0].id as number };
  }

  const list = async (client = admin) => {
    const response = await client.get('/api/deleted-medias');
    expect(response.statusCode).toBe(200);
    return response.json() as PageBody<DeletedMedia>;
  };

  it('keeps the files of a hard-deleted item with their origin, for admins only', async () => {
    const { item, fileId } = await itemWithPhoto('post', 'Vacances à Nice');
    const before = (await storedKeys(server.ctx.storage.files)).length;
    await itemsApi(editor, 'post').trash(item.id);
    expect((await itemsApi(editor, 'post').hardDelete(item.id)).statusCode).toBe(200);
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(before);

    const page = await list();
    expect(page.meta.total).toBe(1);
    const [media] = page.data;
    expect(media).toMatchObject({
      id: fileId,
      name: 'photo.jpg',
      mime: 'image/jpeg',
      origin: { kind: 'item', id: item.id, type: 'post', title: 'Vacances à Nice', live: false },
      deleted_by: { name: expect.any(String) },
    });
    expect(Date.parse(media!.purge_at) - Date.parse(media!.deleted_at)).toBe(30 * DAY);
    // The preview is served to administrators, nobody else.
    expect((await admin.get(media!.thumbnail_url!)).statusCode).toBe(200);
    expect((await reader.get(media!.url)).statusCode).toBe(404);
    expect((await editor.get(media!.url)).statusCode).toBe(404);
  });

  it('sends a deleted file there, and restores it to its live item', async () => {
    const { item, fileId } = await itemWithPhoto('media', 'Album');
    expect((await editor.delete(`/api/files/${fileId}`)).statusCode).toBe(200);
    expect((await itemsApi(reader, 'media').single(item.id)).files).toEqual([]);
    const [media] = (await list()).data;
    expect(media!.origin).toEqual({
      kind: 'item',
      id: item.id,
      type: 'media',
      title: 'Album',
      live: true,
    });

    admin.language = 'fr';
    const restored = await admin.post(`/api/deleted-medias/${fileId}/restore`);
    admin.language = 'en';
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      owner: { kind: 'item', id: item.id, type: 'media', title: 'Album' },
      created: false,
      file: { id: fileId },
    });
    expect(restored.json().message).toBe('Le fichier est de retour dans « Album ».');
    expect((await itemsApi(reader, 'media').single(item.id)).files.map((f) => f.id)).toEqual([
      fileId,
    ]);
    expect((await reader.get(`/api/files/${fileId}`)).statusCode).toBe(200);
    expect((await list()).meta.total).toBe(0);
  });

  it('restores a file whose item is gone (or in the trash) to a new media item', async () => {
    const { item, fileId } = await itemWithPhoto('post', 'Lettre', 'scan.jpg');
    await itemsApi(editor, 'post').trash(item.id);
    await itemsApi(editor, 'post').hardDelete(item.id);
    const restored = await admin.post(`/api/deleted-medias/${fileId}/restore`);
    expect(restored.statusCode).toBe(200);
    const body = restored.json();
    expect(body).toMatchObject({ created: true, owner: { kind: 'item', type: 'media' } });
    expect(body.owner.title).toBe('scan.jpg');
    const made = (await itemsApi(reader, 'media').single(body.owner.id)) as Item;
    expect(made.title).toBe('scan.jpg');
    expect(made.files.map((f) => f.id)).toEqual([fileId]);

    const trashed = await itemWithPhoto('post', 'Dans la corbeille');
    await editor.delete(`/api/files/${trashed.fileId}`);
    await itemsApi(editor, 'post').trash(trashed.item.id);
    const again = await admin.post(`/api/deleted-medias/${trashed.fileId}/restore`);
    expect(again.json()).toMatchObject({ created: true, owner: { type: 'media' } });
  });

  it('purges one or all: rows, then bytes', async () => {
    const one = await itemWithPhoto('media', 'Un');
    const two = await itemWithPhoto('media', 'Deux');
    const three = await itemWithPhoto('media', 'Trois');
    for (const { fileId } of [one, two, three]) await editor.delete(`/api/files/${fileId}`);
    const before = (await storedKeys(server.ctx.storage.files)).length;
    const purged = await admin.delete(`/api/deleted-medias/${one.fileId}`);
    expect(purged.statusCode).toBe(200);
    expect(purged.json().message).toBe('The file has been deleted for good.');
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(before - 2);
    expect((await admin.delete(`/api/deleted-medias/${one.fileId}`)).statusCode).toBe(404);
    const all = await admin.delete('/api/deleted-medias');
    expect(all.json()).toMatchObject({ count: 2 });
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(before - 6);
    expect((await list()).meta.total).toBe(0);
    const rows = await server.ctx.db
      .selectFrom('files')
      .select('id')
      .where('id', 'in', [one.fileId, two.fileId, three.fileId])
      .execute();
    expect(rows).toEqual([]);
  });

  it('the retention job purges only the expired ones, after the period set', async () => {
    const old = await itemWithPhoto('media', 'Ancien');
    const recent = await itemWithPhoto('media', 'Récent');
    for (const { fileId } of [old, recent]) await editor.delete(`/api/files/${fileId}`);
    await server.ctx.db
      .updateTable('files')
      .set({ deleted_at: new Date(Date.now() - 31 * DAY).toISOString() })
      .where('id', '=', old.fileId)
      .execute();
    await server.ctx.db
      .updateTable('files')
      .set({ deleted_at: new Date(Date.now() - 10 * DAY).toISOString() })
      .where('id', '=', recent.fileId)
      .execute();
    expect(await purgeExpiredDeletedMedias(server.ctx)).toBe(1);
    expect((await list()).data.map((m) => m.id)).toEqual([recent.fileId]);

    const saved = await admin.send('PUT', '/api/deleted-medias/settings', {
      deleted_media_retention_days: 7,
      trash_retention_days: 0,
    });
    expect(saved.statusCode).toBe(200);
    expect(await purgeExpiredDeletedMedias(server.ctx)).toBe(1);
    expect((await list()).meta.total).toBe(0);
  });

  it('empties the trash after its period only when set (off by default)', async () => {
    expect((await admin.get('/api/deleted-medias/settings')).json()).toEqual({
      deleted_media_retention_days: 30,
      trash_retention_days: 0,
    });
    const { item, fileId } = await itemWithPhoto('post', 'Vieux brouillon');
    const fresh = await itemsApi(editor, 'post').create({ title: 'Frais', language: 'fr' });
    await itemsApi(editor, 'post').trash(item.id);
    await itemsApi(editor, 'post').trash(fresh.id);
    await server.ctx.db
      .updateTable('items')
      .set({ deleted_at: new Date(Date.now() - 100 * DAY).toISOString() })
      .where('id', '=', item.id)
      .execute();
    expect(await emptyExpiredTrash(server.ctx)).toEqual({ items: 0, records: 0 });

    await admin.send('PUT', '/api/deleted-medias/settings', {
      deleted_media_retention_days: 30,
      trash_retention_days: 90,
    });
    expect(await emptyExpiredTrash(server.ctx)).toEqual({ items: 1, records: 0 });
    expect((await itemsApi(admin, 'post').singleRaw(item.id)).statusCode).toBe(404);
    expect((await itemsApi(admin, 'post').singleRaw(fresh.id)).statusCode).toBe(200);
    // Its file went to the deleted medias, from the item.
    const [media] = (await list()).data;
    expect(media).toMatchObject({ id: fileId, origin: { title: 'Vieux brouillon' } });
    expect(media!.deleted_by).toBeNull();
  });

  it('refuses bad settings with a localised 422', async () => {
    admin.language = 'de';
    const bad = await admin.send('PUT', '/api/deleted-medias/settings', {
      deleted_media_retention_days: 0,
      trash_retention_days: -1,
    });
    admin.language = 'en';
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('deleted_media_retention_days');
  });

  it('is for administrators only; unknown ids are a localised 404', async () => {
    const { fileId } = await itemWithPhoto('media', 'Privé');
    await editor.delete(`/api/files/${fileId}`);
    const calls = [
      ['get', '/api/deleted-medias'],
      ['post', `/api/deleted-medias/${fileId}/restore`],
      ['delete', `/api/deleted-medias/${fileId}`],
      ['delete', '/api/deleted-medias'],
      ['get', '/api/deleted-medias/settings'],
    ] as const;
    for (const [method, url] of calls) {
      expect((await editor[method](url)).statusCode, `${method} ${url}`).toBe(403);
      expect((await reader[method](url)).statusCode, `${method} ${url}`).toBe(403);
      expect((await server.client()[method](url)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await editor.send('PUT', '/api/deleted-medias/settings', {})).statusCode).toBe(403);
    expect((await list()).meta.total).toBe(1);

    admin.language = 'fr';
    const unknown = await admin.post('/api/deleted-medias/999999/restore');
    admin.language = 'en';
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/introuvable|n'existe|existe pas/i);
    // A live file is not a deleted media.
    const live = await itemWithPhoto('media', 'Vivant');
    expect((await admin.delete(`/api/deleted-medias/${live.fileId}`)).statusCode).toBe(404);
  });

  it('the storage check removes a deleted media whose bytes are gone, and bytes a purge left', async () => {
    const lost = await itemWithPhoto('media', 'Perdu');
    await editor.delete(`/api/files/${lost.fileId}`);
    const row = await server.ctx.db
      .selectFrom('files')
      .select(['storage_key', 'thumb_key'])
      .where('id', '=', lost.fileId)
      .executeTakeFirstOrThrow();
    await server.ctx.storage.files.delete(row.storage_key);

    // A purge killed between its commit and the bytes: a row gone, its bytes left behind.
    const left = await itemWithPhoto('media', 'Reste');
    await editor.delete(`/api/files/${left.fileId}`);
    await server.ctx.db.deleteFrom('files').where('id', '=', left.fileId).execute();

    const eager = { ...server.ctx, config: { ...server.ctx.config, orphanGraceMinutes: 0 } };
    const result = await reconcileFiles(eager);
    expect(result.deletedRowsRemoved).toBe(1);
    expect(result.missing).toEqual([]);
    expect(result.orphansRemoved).toBeGreaterThanOrEqual(3);
    expect(await server.ctx.storage.files.stat(row.thumb_key!)).toBeFalsy();
    expect((await list()).meta.total).toBe(0);
  });
});
