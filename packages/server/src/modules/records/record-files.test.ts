import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes, type RecordEntity } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { uploadFile, storedKeys } from '../../test/uploads.js';

describe('records: audio parts and people', () => {
  let server: TestServer;
  let dataDir: string;
  /** records.edit, content.edit (uploads) and content.delete. */
  let editor: TestClient;
  /** content.edit only: may upload, not change a record's audio. */
  let contentOnly: TestClient;
  let reader: TestClient;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-record-files-'));
    server = await createTestServer({ env: { DATA_DIR: dataDir } });
    await server.createUser({
      email: 'editor@example.com',
      permissions: ['records.edit', 'content.edit', 'content.delete'],
    });
    await server.createUser({ email: 'content@example.com', permissions: ['content.edit'] });
    await server.createUser({ email: 'reader@example.com' });
    editor = await server.loggedIn('editor@example.com');
    contentOnly = await server.loggedIn('content@example.com');
    reader = await server.loggedIn('reader@example.com');
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function createRecord(body: Record<string, unknown>): Promise<RecordEntity> {
    const response = await editor.post('/api/records', { lang: 'fr', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().record;
  }
  async function upload(client: TestClient, name: string): Promise<string> {
    const data = Buffer.from(`RIFF${name}`.padEnd(3000, 'x'));
    const response = await uploadFile(client, { name, type: 'audio/wav', data });
    expect(response.statusCode, response.body).toBe(201);
    return response.body;
  }
  const attach = (client: TestClient, body: unknown) => client.patch(routes.addFilepond.path, body);
  const single = async (id: number): Promise<RecordEntity> =>
    (await reader.get(`/api/records/${id}`)).json();

  it('attaches parts in order with every Laravel spelling of the model, and reorders them', async () => {
    const record = await createRecord({ title: 'Cassette 3' });
    const [one, two] = [await upload(editor, 'face-a-1.wav'), await upload(editor, 'face-a-2.wav')];
    const attached = await attach(editor, {
      newmedias: [two, one],
      modelId: record.id,
      modelType: 'App\\Models\\Record',
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().message).toBe('The files have been attached.');
    const three = await upload(editor, 'face-b.wav');
    const more = await attach(editor, {
      newmedias: [three],
      modelId: record.id,
      modelType: 'records',
    });
    expect(more.statusCode, more.body).toBe(200);

    let files = (await single(record.id)).files;
    expect(files.map((f) => [f.name, f.position])).toEqual([
      ['face-a-2.wav', 0],
      ['face-a-1.wav', 1],
      ['face-b.wav', 2],
    ]);
    expect((await single(record.id)).files_count).toBe(3);
    const download = await reader.get(files[0]!.url);
    expect(download.statusCode).toBe(200);

    const [a2, a1, b] = files.map((f) => f.id) as [number, number, number];
    const ordered = await editor.patch(`/api/records-files/${record.id}`, { files: [a1, a2, b] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().message).toBe('The audio parts have been put in order.');
    expect(ordered.json().files.map((f: { id: number }) => f.id)).toEqual([a1, a2, b]);
    files = (await single(record.id)).files;
    expect(files.map((f) => [f.id, f.position])).toEqual([
      [a1, 0],
      [a2, 1],
      [b, 2],
    ]);

    // Not every part, a part twice, a stranger's file: 422, order unchanged.
    editor.language = 'de';
    for (const order of [[a1, a2], [a1, a1, b], [a1, a2, b, 999_999], []]) {
      const refused = await editor.patch(`/api/records-files/${record.id}`, { files: order });
      expect(refused.statusCode, JSON.stringify(order)).toBe(422);
      if (order.length) {
        expect(refused.json().errors.files).toEqual([
          'Nennen Sie jeden Audioteil der Aufnahme genau einmal, und nur diese.',
        ]);
      }
    }
    editor.language = 'en';
    expect((await single(record.id)).files.map((f) => f.id)).toEqual([a1, a2, b]);
    const unknown = await editor.patch('/api/records-files/999999', { files: [a1] });
    expect(unknown.statusCode).toBe(404);
    const denied = await contentOnly.patch(`/api/records-files/${record.id}`, {
      files: [b, a1, a2],
    });
    expect(denied.statusCode).toBe(403);
  });

  it('needs records.edit to attach to a record or delete its parts; refuses unknown records', async () => {
    const record = await createRecord({ title: 'Protégé' });
    const token = await upload(contentOnly, 'memo.wav');
    const denied = await attach(contentOnly, {
      newmedias: [token],
      modelId: record.id,
      modelType: 'record',
    });
    expect(denied.statusCode).toBe(403);
    const mine = await upload(editor, 'memo2.wav');
    const missing = await attach(editor, {
      newmedias: [mine],
      modelId: 999_999,
      modelType: 'record',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.modelId).toBeDefined();
    expect(
      (await attach(editor, { newmedias: [mine], modelId: record.id, modelType: 'record' }))
        .statusCode,
    ).toBe(200);
    const fileId = (await single(record.id)).files[0]!.id;
    expect((await contentOnly.delete(`/api/files/${fileId}`)).statusCode).toBe(403);
    expect((await editor.delete(`/api/files/${fileId}`)).statusCode).toBe(200);
    expect((await single(record.id)).files).toEqual([]);
  });

  it('a file never has two owners', async () => {
    const record = await createRecord({ title: 'Owner check' });
    const post = await editor.post(routes['post.create'].path, { title: 'p', language: 'fr' });
    const token = await upload(editor, 'solo.wav');
    await attach(editor, { newmedias: [token], modelId: record.id, modelType: 'record' });
    const fileId = (await single(record.id)).files[0]!.id;
    await expect(
      server.ctx.db
        .updateTable('files')
        .set({ item_id: post.json().item.id })
        .where('id', '=', fileId)
        .execute(),
    ).rejects.toThrow();
  });

  it('deleting a record for good sends its audio files to the deleted medias', async () => {
    const record = await createRecord({ title: 'Ephemeral' });
    const before = (await storedKeys(server.ctx.storage.files)).length;
    const tokens = [await upload(editor, 'x1.wav'), await upload(editor, 'x2.wav')];
    await attach(editor, { newmedias: tokens, modelId: record.id, modelType: 'record' });
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(before + 2);
    const fileIds = (await single(record.id)).files.map((f) => f.id);
    await editor.delete(`/api/records/${record.id}`);
    // In the trash the parts stay.
    expect((await single(record.id)).files).toHaveLength(2);
    const gone = await editor.delete(`/api/records-harddelete/${record.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    // Kept (rows and bytes) for the retention period, served to nobody but administrators.
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(before + 2);
    for (const id of fileIds) expect((await reader.get(`/api/files/${id}`)).statusCode).toBe(404);
    const kept = await server.ctx.db
      .selectFrom('files')
      .select(['record_id', 'origin_kind', 'origin_id', 'origin_title'])
      .where('id', 'in', fileIds)
      .where('deleted_at', 'is not', null)
      .execute();
    expect(kept).toEqual(
      fileIds.map(() => ({
        record_id: null,
        origin_kind: 'record',
        origin_id: record.id,
        origin_title: 'Ephemeral',
      })),
    );
  });

  it('merging and dividing participants moves the people of records too', async () => {
    const make = async (name: string) =>
      (await editor.post('/api/participants', { name })).json().participant.id as number;
    const [ann, anne, carl] = [await make('Ann'), await make('Anne'), await make('Carl')];
    const r1 = await createRecord({ title: 'R1', people: [ann] });
    const r2 = await createRecord({ title: 'R2', people: [anne, carl] });
    const r3 = await createRecord({ title: 'R3', people: [ann, anne] });

    const merged = await editor.post('/api/participants/merge', {
      participants: [ann, anne],
      participantToKeep: ann,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const names = async (id: number) => (await single(id)).people.map((p) => p.name);
    expect(await names(r1.id)).toEqual(['Ann']);
    expect(await names(r2.id)).toEqual(['Ann', 'Carl']);
    expect(await names(r3.id)).toEqual(['Ann']);
    const byAnn = (await reader.get(`/api/records?participant=${ann}`)).json();
    expect(byAnn.meta.total).toBe(3);
    expect((await reader.get(`/api/records?participant=${anne}`)).json().meta.total).toBe(0);

    const divided = await editor.post(`/api/participants/divide/${carl}`, {
      name1: 'Carl senior',
      name2: 'Carl junior',
    });
    expect(divided.statusCode, divided.body).toBe(200);
    const junior = divided.json().participants[1].id as number;
    expect(await names(r2.id)).toEqual(['Ann', 'Carl junior', 'Carl senior']);
    expect((await reader.get(`/api/records?participant=${junior}`)).json().data[0].id).toBe(r2.id);

    // Deleting a participant takes it out of the records, which stay.
    expect((await editor.delete(`/api/participants/${junior}`)).statusCode).toBe(200);
    expect(await names(r2.id)).toEqual(['Ann', 'Carl senior']);
  });
});
