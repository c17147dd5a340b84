import { ITEM_TYPES, itemRoutes, type BulkResult, type Item } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { tablesState } from '../../test/tables.js';

const STRASBOURG = { name: 'Strasbourg', latitude: 48.58, longitude: 7.75 };
const KEHL = { name: 'Kehl', latitude: 48.57, longitude: 7.83 };

describe('a place on every item and record', () => {
  let server: TestServer;
  let editor: TestClient;
  let reader: TestClient;
  let archivist: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor, reader } = await server.editorAndReader());
    await server.createUser({
      email: 'archivist@example.com',
      permissions: ['content.edit', 'content.delete', 'records.edit'],
    });
    archivist = await server.loggedIn('archivist@example.com');
  });
  afterAll(() => server.close());

  it('keeps a place on each item type, its country named in the reader’s language', async () => {
    for (const type of ITEM_TYPES) {
      const api = itemsApi(editor, type);
      const item = await api.create({ title: `At ${type}`, language: 'fr', place: STRASBOURG });
      expect(item.place).toEqual({
        ...STRASBOURG,
        country: { code: 'FR', name: 'France' },
      });
      reader.language = 'de';
      const read = await itemsApi(reader, type).single(item.id);
      expect(read.place?.country).toEqual({ code: 'FR', name: 'Frankreich' });
      const listed = await itemsApi(reader, type).list('all');
      expect(listed.data.find((row) => row.id === item.id)?.place?.name).toBe('Strasbourg');
      reader.language = 'en';
    }
  });

  it('keeps a place on a record beside its free-text location', async () => {
    const created = await archivist.post('/api/records', {
      lang: 'it',
      title: 'Intervista',
      location: 'in cucina, casa della nonna',
      place: { name: 'Como', latitude: 45.81, longitude: 9.08 },
    });
    expect(created.statusCode).toBe(201);
    const record = created.json().record;
    expect(record.location).toBe('in cucina, casa della nonna');
    reader.language = 'it';
    const read = (await reader.get(`/api/records/${record.id}`)).json();
    expect(read.place).toEqual({
      name: 'Como',
      latitude: 45.81,
      longitude: 9.08,
      country: { code: 'IT', name: 'Italia' },
    });
    reader.language = 'en';
    const moved = await archivist.patch(`/api/records/${record.id}`, { place: KEHL });
    expect(moved.json().record.place.country.code).toBe('DE');
    const revisions = (await archivist.get(`/api/records/revision/${record.id}`)).json();
    expect(revisions.data[0].data.place).toEqual({
      name: 'Como',
      latitude: 45.81,
      longitude: 9.08,
    });
    const cleared = await archivist.patch(`/api/records/${record.id}`, { place: null });
    expect(cleared.json().record.place).toBeNull();
  });

  it('allows a name alone, or a position alone; refuses half a position or nothing', async () => {
    const posts = itemsApi(editor, 'post');
    const named = await posts.create({ title: 'Named', language: 'en', place: { name: 'Heimat' } });
    expect(named.place).toEqual({ name: 'Heimat', latitude: null, longitude: null, country: null });
    const sea = await posts.create({
      title: 'At sea',
      language: 'en',
      place: { latitude: 40, longitude: -30 },
    });
    expect(sea.place).toMatchObject({ name: '', country: null });

    const before = await tablesState(server.ctx.db, ['items', 'places']);
    for (const place of [
      { name: 'Half', latitude: 45 },
      { name: '' },
      {},
      { name: 'Far', latitude: 91, longitude: 0 },
      { name: 'Far', latitude: 0, longitude: 181 },
      { name: 'Text', latitude: '45', longitude: '9' },
      { name: 'x'.repeat(201) },
    ]) {
      editor.language = 'fr';
      const refused = await posts.createRaw({ title: 'Bad', language: 'en', place });
      expect(refused.statusCode, JSON.stringify(place)).toBe(422);
      expect(refused.json().message).not.toMatch(/places\.|validation\./);
    }
    editor.language = 'en';
    expect(await tablesState(server.ctx.db, ['items', 'places'])).toEqual(before);
  });

  it('reuses a named place, offers it in the autocomplete with its count', async () => {
    const posts = itemsApi(editor, 'post');
    const mails = itemsApi(editor, 'mail');
    const place = { name: 'Castelnuovo di Garfagnana', latitude: 44.11, longitude: 10.41 };
    const a = await posts.create({ title: 'A', language: 'it', place });
    await mails.create({ title: 'B', language: 'it', place });
    const rows = await server.ctx.db
      .selectFrom('places')
      .select('id')
      .where('name', '=', place.name)
      .execute();
    expect(rows).toHaveLength(1);

    const found = (await reader.get('/api/places?query=garfagnana')).json();
    expect(found.data).toEqual([expect.objectContaining({ ...place, id: rows[0]!.id, count: 2 })]);
    expect(found.data[0].country.code).toBe('IT');
    // Accents and case ignored; unnamed positions are not offered.
    const folded = (await reader.get('/api/places?query=CASTELNUÒVO')).json();
    expect(folded.data.map((row: { name: string }) => row.name)).toEqual([place.name]);
    const all = (await reader.get('/api/places?per_page=100')).json();
    expect(all.data.every((row: { name: string }) => row.name !== '')).toBe(true);

    expect((await itemsApi(archivist, 'post').trash(a.id)).statusCode).toBe(200);
    expect((await reader.get('/api/places?query=garfagnana')).json().data[0].count).toBe(1);
    expect((await server.client().get('/api/places')).statusCode).toBe(401);
    expect((await reader.get('/api/places?per_page=1000')).statusCode).toBe(422);
  });

  it('keeps places in revisions and gives them back on restore', async () => {
    const posts = itemsApi(editor, 'post');
    const item = await posts.create({ title: 'Moved', language: 'fr', place: STRASBOURG });
    const moved = await posts.update(item.id, { place: KEHL });
    expect(moved.json().revision).toBe(true);
    expect(moved.json().item.place.country.code).toBe('DE');
    const same = await posts.update(item.id, { place: KEHL });
    expect(same.json().revision).toBe(false);
    const revisions = (await posts.revisions(item.id)).json();
    expect(revisions.data[0].data.place).toEqual(STRASBOURG);
    const restored = await posts.update(item.id, revisions.data[0].data);
    expect(restored.statusCode).toBe(200);
    expect((restored.json().item as Item).place).toMatchObject(STRASBOURG);
    // A read place sent back as it was (with its country) is accepted.
    const echoed = await posts.update(item.id, { place: restored.json().item.place });
    expect(echoed.json().revision).toBe(false);
  });

  it('gives a translation its original’s place unless it has its own', async () => {
    const posts = itemsApi(editor, 'post');
    const original = await posts.create({ title: 'Lettre', language: 'fr', place: STRASBOURG });
    const translation = await posts.create({
      title: 'Letter',
      language: 'en',
      parent_id: original.id,
    });
    expect(translation.place).toMatchObject(STRASBOURG);
  });

  it('sets a place on a selection in one request, and undoes it', async () => {
    const posts = itemsApi(editor, 'post');
    const a = await posts.create({ title: 'Bulk A', language: 'fr', place: STRASBOURG });
    const b = await posts.create({ title: 'Bulk B', language: 'fr' });
    const c = await posts.create({ title: 'Bulk C', language: 'fr', place: KEHL });
    const path = itemRoutes.post.bulk.path;
    const set = await editor.post(path, { action: 'place', ids: [a.id, b.id, c.id], place: KEHL });
    expect(set.statusCode).toBe(200);
    const result = set.json() as BulkResult;
    expect(result.ids).toEqual([a.id, b.id]);
    expect((await posts.single(b.id)).place).toMatchObject(KEHL);
    const undone = await editor.post(path, result.undo);
    expect(undone.statusCode).toBe(200);
    expect((await posts.single(a.id)).place).toMatchObject(STRASBOURG);
    expect((await posts.single(b.id)).place).toBeNull();

    const before = await tablesState(server.ctx.db, ['items', 'places', 'item_revisions']);
    const refused = await editor.post(path, {
      action: 'place',
      ids: [a.id, 999_999],
      place: KEHL,
    });
    expect(refused.statusCode).toBe(422);
    const half = await editor.post(path, { action: 'place', ids: [a.id], place: { latitude: 1 } });
    expect(half.statusCode).toBe(422);
    expect(await tablesState(server.ctx.db, ['items', 'places', 'item_revisions'])).toEqual(before);
    expect(
      (await reader.post(path, { action: 'place', ids: [a.id], place: null })).statusCode,
    ).toBe(403);

    const record = (await archivist.post('/api/records', { lang: 'fr', title: 'Cassette' })).json()
      .record;
    const records = await archivist.post('/api/records-bulk', {
      action: 'place',
      ids: [record.id],
      place: STRASBOURG,
    });
    expect(records.json().ids).toEqual([record.id]);
    expect((await reader.get(`/api/records/${record.id}`)).json().place).toMatchObject(STRASBOURG);
    await archivist.post('/api/records-bulk', records.json().undo);
    expect((await reader.get(`/api/records/${record.id}`)).json().place).toBeNull();
  });
});
