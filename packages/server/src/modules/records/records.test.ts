import { routes, type RecordEntity, type RecordListRow } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';

const TRANSCRIPT =
  '[00:00:01] Grand-mère raconte la ferme de Bellecombe.\n' +
  '[00:01:30] Elle parle de la moisson de 1947 et des chevaux.\n' +
  '[00:03:05] Puis la fête du village, avec la fanfare.';

describe('records: CRUD, revisions, search, trash', () => {
  let server: TestServer;
  let editor: TestClient;
  let reader: TestClient;
  let deleter: TestClient;
  const people = { ada: 0, bob: 0 };

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({ email: 'rec@example.com', permissions: ['records.edit'] });
    await server.createUser({ email: 'reader@example.com' });
    await server.createUser({
      email: 'deleter@example.com',
      permissions: ['records.edit', 'content.delete', 'content.edit'],
    });
    editor = await server.loggedIn('rec@example.com');
    reader = await server.loggedIn('reader@example.com');
    deleter = await server.loggedIn('deleter@example.com');
    for (const name of ['Ada', 'Bob'] as const) {
      const response = await deleter.post('/api/participants', { name });
      people[name.toLowerCase() as 'ada' | 'bob'] = response.json().participant.id;
    }
  });
  afterAll(() => server.close());

  async function create(body: Record<string, unknown>): Promise<RecordEntity> {
    const response = await editor.post('/api/records', body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('The record has been created.');
    return response.json().record;
  }
  const list = async (client: TestClient, query = '') => {
    const response = await client.get(`/api/records${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: RecordListRow[]; meta: { total: number } };
  };

  it('creates a record with people as {id, name}, trimmed texts and defaults', async () => {
    const record = await create({
      number: ' K7-12 ',
      face: 'A',
      lang: 'fr',
      owner: 'Tante Jeanne',
      registration_date: '1978-08-15',
      summary: 'La ferme et la moisson.',
      rawtranscription: TRANSCRIPT,
      title: 'Souvenirs de Bellecombe',
      info: 'Cassette Maxell C90',
      location: 'Bellecombe',
      people: [people.bob, people.ada, people.bob],
    });
    expect(record).toMatchObject({
      number: 'K7-12',
      face: 'A',
      lang: 'fr',
      owner: 'Tante Jeanne',
      registration_date: '1978-08-15T00:00:00.000Z',
      rawtranscription: TRANSCRIPT,
      people: [
        { id: people.ada, name: 'Ada' },
        { id: people.bob, name: 'Bob' },
      ],
      revisions_count: 0,
      files_count: 0,
      files: [],
      deleted_at: null,
    });
    const fetched = await reader.get(`/api/records/${record.id}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(record);

    const minimal = await create({ lang: 'en', title: 'Phone memo' });
    expect(minimal).toMatchObject({
      number: '',
      owner: '',
      registration_date: null,
      people: [],
      rawtranscription: '',
    });
  });

  it('refuses bad input with localised 422s and writes nothing', async () => {
    const before = (await list(reader)).meta.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'No language' }, 'lang'],
      [{ lang: 'xx', title: 'Bad language' }, 'lang'],
      [{ lang: 'fr', title: 'x', registration_date: 'yesterday' }, 'registration_date'],
      [{ lang: 'fr', title: 'x', people: [999_999] }, 'people'],
      [{ lang: 'fr', title: 'x', people: ['a'] }, 'people.0'],
      [{ lang: 'fr', title: 'x'.repeat(501) }, 'title'],
      [{ lang: 'fr', summary: '   ' }, 'title'],
      [{ lang: 'fr', title: 'bad\u0000' }, 'title'],
    ];
    for (const [body, field] of cases) {
      const response = await editor.post('/api/records', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toContain(field);
    }
    editor.language = 'fr';
    const french = await editor.post('/api/records', { lang: 'fr', people: [999_999], title: 'x' });
    expect(french.json().errors.people).toEqual(["Certaines de ces personnes n'existent pas."]);
    const blank = await editor.post('/api/records', { lang: 'fr' });
    expect(blank.json().message).toBe(
      "Donnez à l'enregistrement un titre, un numéro, un résumé ou une transcription.",
    );
    editor.language = 'en';
    expect((await list(reader)).meta.total).toBe(before);
  });

  it('stores a revision per effective change; restoring is a PATCH with its data', async () => {
    const record = await create({ lang: 'it', title: 'Nonna', people: [people.ada] });
    const same = await editor.patch(`/api/records/${record.id}`, {
      title: 'Nonna',
      people: [people.ada],
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ message: 'Nothing has changed.', revision: false });

    const changed = await editor.patch(`/api/records/${record.id}`, {
      title: 'Nonna Lucia',
      people: [people.bob, people.ada],
      registration_date: null,
      summary: 'Ricordi di guerra',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      revision: true,
      record: { title: 'Nonna Lucia', revisions_count: 1, summary: 'Ricordi di guerra' },
    });
    expect(changed.json().record.people.map((p: { id: number }) => p.id)).toEqual([
      people.ada,
      people.bob,
    ]);
    const bad = await editor.patch(`/api/records/${record.id}`, { people: [424_242] });
    expect(bad.statusCode).toBe(422);
    expect((await editor.patch('/api/records/999999', { title: 'x' })).statusCode).toBe(404);

    const revisions = await reader.get(`/api/records/revision/${record.id}`);
    expect(revisions.statusCode).toBe(200);
    const page = revisions.json();
    expect(page.meta.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      record_id: record.id,
      user: { name: 'rec' },
      data: { title: 'Nonna', people: [people.ada], summary: '' },
      names: { people: [{ id: people.ada, name: 'Ada' }] },
    });
    const restored = await editor.patch(`/api/records/${record.id}`, page.data[0].data);
    expect(restored.json()).toMatchObject({
      revision: true,
      record: { title: 'Nonna', summary: '', revisions_count: 2, people: [{ id: people.ada }] },
    });
    expect((await reader.get('/api/records/revision/999999')).statusCode).toBe(404);
  });

  it('searches title, summary, info and transcript with highlighted snippets', async () => {
    const hit = await create({
      lang: 'fr',
      title: 'Veillée',
      rawtranscription:
        '[00:00:10] On chantait près du poêle. [00:02:00] Le père racontait la forêt.',
    });
    await create({ lang: 'de', title: 'Wald', info: 'Aufnahme im Schwarzwald, Förster Hans' });
    const found = await list(reader, '?query=poele');
    expect(found.data.map((r) => r.id)).toEqual([hit.id]);
    expect(found.data[0]!.snippet).toContain('<mark>poêle</mark>');
    expect(found.data[0]).not.toHaveProperty('rawtranscription');
    // The last word is a prefix; accents and case are ignored; info is searched.
    expect((await list(reader, '?query=FORST')).data.map((r) => r.title)).toEqual(['Wald']);
    expect((await list(reader, '?query=moisson 1947')).data[0]!.snippet).toContain(
      '<mark>moisson</mark>',
    );
    // Under 3 characters: ignored, the whole list.
    const all = await list(reader);
    expect((await list(reader, '?query=po')).meta.total).toBe(all.meta.total);
    expect((await list(reader, '?query=nothingmatches')).meta.total).toBe(0);
    // Filters combine with the search.
    expect((await list(reader, '?query=poele&lang=de')).meta.total).toBe(0);
  });

  it('filters by person, language and owner; orders by recording date', async () => {
    const a = await create({
      lang: 'en',
      title: 'Filter one',
      owner: 'Uncle Sam',
      registration_date: '1960-01-01',
      people: [people.bob],
    });
    const b = await create({
      lang: 'en',
      title: 'Filter two',
      owner: 'uncle sam',
      registration_date: '1990-01-01',
    });
    const owners = (await reader.get('/api/records-owners')).json() as string[];
    expect(owners).toEqual(expect.arrayContaining(['Tante Jeanne', 'Uncle Sam', 'uncle sam']));
    expect(owners).not.toContain('');
    expect(owners.indexOf('Tante Jeanne')).toBeLessThan(owners.indexOf('Uncle Sam'));
    const ids = (await list(reader, '?owner=UNCLE%20SAM')).data.map((r) => r.id);
    expect(ids).toEqual([b.id, a.id]);
    const bob = (await list(reader, `?participant=${people.bob}&lang=en`)).data;
    expect(bob.map((r) => r.id)).toEqual([a.id]);
    expect(bob[0]!.people).toEqual([{ id: people.bob, name: 'Bob' }]);
    expect((await list(reader, '?participant=987654')).meta.total).toBe(0);
    const paged = await list(reader, '?per_page=1&page=2&lang=en');
    expect(paged.data).toHaveLength(1);
    expect((await reader.get('/api/records?per_page=500')).statusCode).toBe(422);
    expect((await reader.get('/api/records?lang=zz')).statusCode).toBe(422);
  });

  it('trashes, lists the trash, restores and deletes for good', async () => {
    const record = await create({ lang: 'fr', title: 'À jeter', people: [people.ada] });
    await editor.patch(`/api/records/${record.id}`, { title: 'À jeter vraiment' });
    const early = await deleter.delete(`/api/records-harddelete/${record.id}`);
    expect(early.statusCode).toBe(422);
    // Moving to the trash and back needs content.delete, not records.edit.
    expect((await editor.delete(`/api/records/${record.id}`)).statusCode).toBe(403);
    const trashed = await deleter.delete(`/api/records/${record.id}`);
    expect(trashed.json()).toEqual({ message: 'The record has been moved to the trash.' });
    expect((await list(reader)).data.some((r) => r.id === record.id)).toBe(false);
    const trash = await list(reader, '?trash=1');
    expect(trash.data.map((r) => r.id)).toContain(record.id);
    expect((await list(reader, '?trash=1&query=jeter')).data.map((r) => r.id)).toEqual([record.id]);
    expect((await list(reader, '?query=jeter')).meta.total).toBe(0);
    expect((await reader.get(`/api/records/${record.id}`)).json().deleted_at).not.toBeNull();

    expect((await editor.post(`/api/records-restore/${record.id}`)).statusCode).toBe(403);
    const restored = await deleter.post(`/api/records-restore/${record.id}`);
    expect(restored.json()).toMatchObject({
      message: 'The record has been restored.',
      record: { id: record.id, deleted_at: null },
    });
    await deleter.delete(`/api/records/${record.id}`);
    // Deleting for good needs content.delete.
    expect((await editor.delete(`/api/records-harddelete/${record.id}`)).statusCode).toBe(403);
    const gone = await deleter.delete(`/api/records-harddelete/${record.id}`);
    expect(gone.json()).toEqual({
      message: 'The record and its audio files have been deleted for good.',
    });
    expect((await reader.get(`/api/records/${record.id}`)).statusCode).toBe(404);
    const leftovers = await server.ctx.db
      .selectFrom('record_revisions')
      .select('id')
      .where('record_id', '=', record.id)
      .execute();
    expect(leftovers).toEqual([]);
    expect((await deleter.delete('/api/records/999999')).statusCode).toBe(404);
  });

  it('keeps writes to holders of records.edit', async () => {
    const denied = await reader.post('/api/records', { lang: 'fr', title: 'x' });
    expect(denied.statusCode).toBe(403);
    const record = await create({ lang: 'fr', title: 'Protected' });
    expect((await reader.patch(`/api/records/${record.id}`, { title: 'y' })).statusCode).toBe(403);
    expect((await reader.delete(`/api/records/${record.id}`)).statusCode).toBe(403);
    expect((await server.client().get('/api/records')).statusCode).toBe(401);
  });

  it('appears in /api/search beside items, with its snippet', async () => {
    const record = await create({
      lang: 'fr',
      title: 'Le zeppelin',
      rawtranscription: '[00:00:05] Nous avons vu passer le zeppelin au-dessus du lac.',
    });
    const item = await deleter.post(routes['post.create'].path, {
      title: 'Lettre',
      content: '<p>Un zeppelin est passé hier.</p>',
      language: 'fr',
    });
    expect(item.statusCode).toBe(201);
    const response = await reader.get('/api/search?query=zeppelin');
    expect(response.statusCode).toBe(200);
    const groups = response.json().data as { type: string; original_id: number }[];
    expect(groups.map((g) => `${g.type}:${g.original_id}`).sort()).toEqual(
      [`post:${item.json().item.id}`, `record:${record.id}`].sort(),
    );
    expect(response.json().meta.total).toBe(2);
    const recordGroup = response.json().data.find((g: { type: string }) => g.type === 'record');
    expect(recordGroup.versions).toEqual([
      expect.objectContaining({ id: record.id, language: 'fr', matched: true }),
    ]);
    expect(recordGroup.versions[0].snippet).toContain('<mark>zeppelin</mark>');
    // Pages split the merged hits.
    const first = (await reader.get('/api/search?query=zeppelin&per_page=1')).json();
    const second = (await reader.get('/api/search?query=zeppelin&per_page=1&page=2')).json();
    expect([...first.data, ...second.data].map((g) => g.type).sort()).toEqual(['post', 'record']);
    await deleter.delete(`/api/records/${record.id}`);
    const after = (await reader.get('/api/search?query=zeppelin')).json();
    expect(after.data.map((g: { type: string }) => g.type)).toEqual(['post']);
  });

  it('keeps the cached list right after a write', async () => {
    const first = await list(reader, '?query=cacheword');
    expect(first.meta.total).toBe(0);
    await create({ lang: 'en', title: 'cacheword here' });
    expect((await list(reader, '?query=cacheword')).meta.total).toBe(1);
  });
});
