import { Readable } from 'node:stream';
import { BULK_MAX_IDS, routes, type RecordBulkResult, type RecordEntity } from '@kinfolio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { tablesState } from '../../test/tables.js';
import { storedKeys, uploadFile } from '../../test/uploads.js';
import { hasAnyMp3, mp3StorageKey } from './mp3-store.js';

const TABLES = ['records', 'record_people', 'record_revisions', 'files', 'change_stamps'] as const;

describe('bulk actions on records', () => {
  let server: TestServer;
  /** records.edit only. */
  let editor: TestClient;
  /** records.edit, content.edit (uploads) and content.delete. */
  let eraser: TestClient;
  let reader: TestClient;
  let people: number[];

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({ email: 'rec@example.com', permissions: ['records.edit'] });
    await server.createUser({
      email: 'eraser@example.com',
      permissions: ['records.edit', 'content.edit', 'content.delete'],
    });
    await server.createUser({ email: 'reader@example.com' });
    editor = await server.loggedIn('rec@example.com');
    eraser = await server.loggedIn('eraser@example.com');
    reader = await server.loggedIn('reader@example.com');
    people = [];
    for (const name of ['Nonna', 'Zio']) {
      people.push((await eraser.post('/api/participants', { name })).json().participant.id);
    }
  });
  afterAll(() => server.close());

  const bulk = (client: TestClient, body: unknown) => client.post(routes.recordBulk.path, body);
  const hardDelete = (client: TestClient, body: unknown) =>
    client.post(routes.recordBulkHardDelete.path, body);

  async function create(body: Record<string, unknown>): Promise<RecordEntity> {
    const response = await editor.post('/api/records', { lang: 'fr', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().record;
  }
  const single = async (id: number): Promise<RecordEntity> =>
    (await reader.get(`/api/records/${id}`)).json();
  const peopleOf = async (id: number) => (await single(id)).people.map((p) => p.id);

  /** Every row of the tables a bulk action writes, and the stamps: to prove nothing changed. */
  const state = () => tablesState(server.ctx.db, TABLES);

  it('adds people in one request, counting only records that change, and undoes exactly', async () => {
    const a = await create({ title: 'A' });
    const b = await create({ title: 'B', people: [people[0]] });
    const c = await create({ title: 'C', people });
    const response = await bulk(editor, {
      action: 'link',
      ids: [a.id, b.id, c.id, a.id],
      kind: 'people',
      values: people,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as RecordBulkResult;
    expect(result).toEqual({
      message: 'Records changed: 2.',
      changed: 2,
      ids: [a.id, b.id],
      undo: {
        action: 'revert',
        items: [
          { id: a.id, people: [] },
          { id: b.id, people: [people[0]] },
        ],
      },
    });
    for (const record of [a, b, c]) expect(await peopleOf(record.id)).toEqual(people);
    // One revision per changed record, holding the version before.
    expect((await single(a.id)).revisions_count).toBe(1);
    expect((await single(c.id)).revisions_count).toBe(0);
    const revisions = (await reader.get(`/api/records/revision/${b.id}`)).json();
    expect(revisions.data[0]).toMatchObject({
      record_id: b.id,
      data: { people: [people[0]] },
      names: { people: [{ id: people[0], name: 'Nonna' }] },
    });

    const undone = await bulk(editor, result.undo);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe('Records put back as they were: 2.');
    expect(await peopleOf(a.id)).toEqual([]);
    expect(await peopleOf(b.id)).toEqual([people[0]]);
    expect(await peopleOf(c.id)).toEqual(people);
    // The undo of an undo is the redo.
    expect(undone.json().undo).toEqual({
      action: 'revert',
      items: [
        { id: a.id, people },
        { id: b.id, people },
      ],
    });

    const unlinked = await bulk(editor, {
      action: 'unlink',
      ids: [a.id, c.id],
      kind: 'people',
      values: [people[1]],
    });
    expect(unlinked.json()).toMatchObject({
      changed: 1,
      ids: [c.id],
      undo: { items: [{ id: c.id, people }] },
    });
    expect(await peopleOf(c.id)).toEqual([people[0]]);
  });

  it('sets the language, and moves to the trash and back, with undo', async () => {
    const a = await create({ title: 'A', lang: 'fr' });
    const b = await create({ title: 'B', lang: 'it' });
    eraser.language = 'fr';
    const language = await bulk(eraser, { action: 'language', ids: [a.id, b.id], language: 'it' });
    eraser.language = 'en';
    expect(language.json()).toEqual({
      message: 'Enregistrements modifiés : 1.',
      changed: 1,
      ids: [a.id],
      undo: { action: 'revert', items: [{ id: a.id, language: 'fr' }] },
    });
    expect((await single(a.id)).lang).toBe('it');
    await bulk(editor, language.json().undo);
    expect((await single(a.id)).lang).toBe('fr');

    const trashed = await bulk(eraser, { action: 'trash', ids: [a.id, b.id] });
    expect(trashed.json()).toMatchObject({
      message: 'Records moved to the trash: 2.',
      changed: 2,
      undo: {
        items: [
          { id: a.id, trashed: false },
          { id: b.id, trashed: false },
        ],
      },
    });
    expect((await single(a.id)).deleted_at).not.toBeNull();
    // The trash is no revision.
    expect((await single(b.id)).revisions_count).toBe(0);
    await bulk(eraser, trashed.json().undo);
    expect((await single(a.id)).deleted_at).toBeNull();
    await bulk(eraser, { action: 'trash', ids: [a.id] });
    const restored = await bulk(eraser, { action: 'restore', ids: [a.id, b.id] });
    expect(restored.json()).toMatchObject({
      message: 'Records restored: 1.',
      changed: 1,
      ids: [a.id],
    });
  });

  it('refuses unknown ids, missing people, a status and bad bodies with 422, changing nothing', async () => {
    const a = await create({ title: 'A' });
    const before = await state();
    for (const body of [
      { action: 'link', ids: [a.id, 999_999], kind: 'people', values: [people[0]] },
      { action: 'link', ids: [a.id], kind: 'people', values: [people[0], 999_999] },
      { action: 'link', ids: [a.id], kind: 'tags', values: [people[0]] },
      { action: 'status', ids: [a.id], status: 'draft' },
      { action: 'revert', items: [{ id: 999_999, people: [] }] },
      { action: 'language', ids: [a.id], language: 'es' },
      { action: 'fly', ids: [a.id] },
      { action: 'trash', ids: [] },
      { action: 'trash', ids: Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1) },
    ]) {
      const response = await bulk(editor, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    editor.language = 'de';
    eraser.language = 'de';
    const unknown = await bulk(eraser, { action: 'trash', ids: [a.id, 999_999] });
    expect(unknown.json().errors).toEqual({
      ids: ['Einige der ausgewählten Aufnahmen existieren nicht.'],
    });
    const missing = await bulk(editor, {
      action: 'link',
      ids: [a.id],
      kind: 'people',
      values: [999_999],
    });
    expect(missing.json().errors).toEqual({ values: ['Einige dieser Personen existieren nicht.'] });
    editor.language = 'en';
    eraser.language = 'en';
    expect(await state()).toBe(before);
  });

  it('is one transaction: a record refused late leaves the earlier ones unchanged', async () => {
    // The first record changes, then the second names a person who does not exist.
    const first = await create({ title: 'Kept' });
    const second = await create({ title: 'Refused' });
    const before = await state();
    const response = await bulk(editor, {
      action: 'revert',
      items: [
        { id: first.id, people: [people[1]] },
        { id: second.id, people: [999_999] },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['people']);
    expect(await state()).toBe(before);
    expect(await peopleOf(first.id)).toEqual([]);
  });

  it('needs records.edit, and content.delete for the trash, deleting for good or emptying it', async () => {
    const a = await create({ title: 'A' });
    await bulk(eraser, { action: 'trash', ids: [a.id] });
    const before = await state();
    expect((await bulk(reader, { action: 'restore', ids: [a.id] })).statusCode).toBe(403);
    expect((await bulk(editor, { action: 'restore', ids: [a.id] })).statusCode).toBe(403);
    expect((await hardDelete(editor, { ids: [a.id] })).statusCode).toBe(403);
    expect((await editor.delete(routes.recordEmptyTrash.path)).statusCode).toBe(403);
    expect((await reader.delete(routes.recordEmptyTrash.path)).statusCode).toBe(403);
    expect((await server.client().post(routes.recordBulk.path, {})).statusCode).toBe(401);
    expect((await server.client().delete(routes.recordEmptyTrash.path)).statusCode).toBe(401);
    expect(await state()).toBe(before);
  });

  it('deletes selected trashed records for good with their audio and MP3, and empties the trash', async () => {
    const live = await create({ title: 'Live' });
    const withAudio = await create({ title: 'With audio', people: [people[0]] });
    const other = await create({ title: 'Other' });
    const tokens: string[] = [];
    for (const name of ['p1.wav', 'p2.wav']) {
      const data = Buffer.from(`RIFF${name}`.padEnd(3000, 'x'));
      const response = await uploadFile(eraser, { name, type: 'audio/wav', data });
      expect(response.statusCode, response.body).toBe(201);
      tokens.push(response.body);
    }
    const attached = await eraser.patch(routes.addFilepond.path, {
      newmedias: tokens,
      modelId: withAudio.id,
      modelType: 'record',
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const fileIds = (await single(withAudio.id)).files.map((f) => f.id);
    expect(fileIds).toHaveLength(2);
    // An MP3 made of its parts, as the MP3 job leaves it.
    await server.ctx.storage.mp3.put(
      mp3StorageKey(withAudio.id, 'abc123'),
      Readable.from([Buffer.from('ID3 fake mp3')]),
    );
    const posts = itemsApi(eraser, 'post');
    const post = await posts.create({ title: 'P', language: 'fr' });
    await posts.trash(post.id);
    await bulk(eraser, { action: 'trash', ids: [withAudio.id, other.id] });

    const before = await state();
    const refused = await hardDelete(eraser, { ids: [withAudio.id, live.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      ids: ['Only a record in the trash can be deleted for good.'],
    });
    expect((await hardDelete(eraser, { ids: [withAudio.id, 999_999] })).statusCode).toBe(422);
    expect((await hardDelete(eraser, { ids: [] })).statusCode).toBe(422);
    expect(await state()).toBe(before);
    expect(await hasAnyMp3(server.ctx.storage.mp3, withAudio.id)).toBe(true);

    const filesBefore = (await storedKeys(server.ctx.storage.files)).length;
    const deleted = await hardDelete(eraser, { ids: [withAudio.id] });
    expect(deleted.json()).toEqual({
      message: 'Records and their audio files deleted for good: 1.',
      changed: 1,
      ids: [withAudio.id],
      undo: null,
    });
    expect((await reader.get(`/api/records/${withAudio.id}`)).statusCode).toBe(404);
    expect(await hasAnyMp3(server.ctx.storage.mp3, withAudio.id)).toBe(false);
    // As a single deletion: the parts go to the deleted medias, bytes kept for the retention.
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(filesBefore);
    const kept = await server.ctx.db
      .selectFrom('files')
      .select(['record_id', 'origin_kind', 'origin_id'])
      .where('id', 'in', fileIds)
      .where('deleted_at', 'is not', null)
      .execute();
    expect(kept).toEqual(
      fileIds.map(() => ({ record_id: null, origin_kind: 'record', origin_id: withAudio.id })),
    );
    const { rows } = await sql`
      select count(*) as n from record_people where record_id = ${withAudio.id}`.execute(
      server.ctx.db,
    );
    expect(Number((rows[0] as { n: number }).n)).toBe(0);

    const emptied = await eraser.delete(routes.recordEmptyTrash.path);
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json()).toMatchObject({ undo: null });
    expect(emptied.json().ids).toContain(other.id);
    const trash = (await reader.get('/api/records?trash=1')).json();
    expect(trash.meta.total).toBe(0);
    expect((await reader.get(`/api/records/${live.id}`)).statusCode).toBe(200);
    // The items' trash stays.
    expect((await posts.single(post.id)).deleted_at).not.toBeNull();
    const again = await eraser.delete(routes.recordEmptyTrash.path);
    expect(again.json()).toMatchObject({ changed: 0, ids: [], undo: null });
  });
});
