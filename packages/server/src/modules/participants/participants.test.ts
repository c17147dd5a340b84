import type { Participant } from '@kinfolio/contract';
import { EMPTY_LIFE } from '../family/index.js';
import { describe, expect, it } from 'vitest';
import { itemFixtures } from '../../test/items.js';
import { editorAndReaderSuite } from '../../test/suite.js';

describe('participants', () => {
  const suite = editorAndReaderSuite();

  async function create(name: string): Promise<Participant> {
    const response = await suite.editor.post('/api/participants', { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().participant;
  }
  async function names(search?: string): Promise<string[]> {
    const query = search === undefined ? '' : `?search=${encodeURIComponent(search)}`;
    const response = await suite.reader.get(`/api/participants${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().map((participant: Participant) => participant.name);
  }

  it('creates with a trimmed name, reads for everyone, writes for editors only', async () => {
    const response = await suite.editor.post('/api/participants', { name: '  Émile Zola  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'The participant has been created.',
      participant: { id: expect.any(Number), name: 'Émile Zola', count: 0, life: EMPTY_LIFE },
    });
    const { id } = response.json().participant;
    expect((await suite.reader.get(`/api/participants/${id}`)).json()).toEqual({
      id,
      name: 'Émile Zola',
      count: 0,
      life: EMPTY_LIFE,
    });
    expect((await suite.reader.post('/api/participants', { name: 'Nope' })).statusCode).toBe(403);
    expect((await suite.reader.get('/api/participants/999999')).statusCode).toBe(404);
    expect((await suite.editor.patch('/api/participants/999999', { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await suite.editor.delete('/api/participants/999999')).statusCode).toBe(404);
    expect((await suite.server.client().get('/api/participants')).statusCode).toBe(401);
  });

  it('refuses a case-insensitive duplicate, also between concurrent requests', async () => {
    await create('Jeanne Dupont');
    const duplicate = await suite.editor.post('/api/participants', { name: ' jeanne DUPONT' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({
      message: 'A participant with this name already exists.',
      errors: { name: ['A participant with this name already exists.'] },
    });

    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        suite.editor.post('/api/participants', { name: index % 2 ? 'Racing Name' : 'racing name' }),
      ),
    );
    const statuses = racing.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422]);
    expect((await names()).filter((name) => name.toLowerCase() === 'racing name')).toHaveLength(1);
  });

  it('renames, allowing another case of its own name but not another participant name', async () => {
    const paul = await create('paul martin');
    await create('Pierre Martin');
    const recased = await suite.editor.patch(`/api/participants/${paul.id}`, {
      name: 'Paul Martin',
    });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().participant.name).toBe('Paul Martin');
    const taken = await suite.editor.patch(`/api/participants/${paul.id}`, {
      name: 'PIERRE martin',
    });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['name']);
    expect((await suite.reader.get(`/api/participants/${paul.id}`)).json().name).toBe(
      'Paul Martin',
    );

    // Two participants racing to take the same new name: one wins, the other gets 422.
    const a = await create('Race A');
    const b = await create('Race B');
    const raced = await Promise.all([
      suite.editor.patch(`/api/participants/${a.id}`, { name: 'Race Winner' }),
      suite.editor.patch(`/api/participants/${b.id}`, { name: 'race winner' }),
    ]);
    expect(raced.map((response) => response.statusCode).sort()).toEqual([200, 422]);
  });

  it('sorts by name and searches accent- and case-insensitively, with literal wildcards', async () => {
    for (const name of ['Zoé Bernard', 'émilie Roux', 'Emile Faure', 'Élodie 100%', 'Ana_Lima']) {
      await create(name);
    }
    const all = await names();
    expect(all.indexOf('Élodie 100%')).toBeLessThan(all.indexOf('Emile Faure'));
    expect(all.indexOf('Emile Faure')).toBeLessThan(all.indexOf('émilie Roux'));
    expect(all.indexOf('émilie Roux')).toBeLessThan(all.indexOf('Zoé Bernard'));

    // (How spaces sort depends on PostgreSQL's collation, so no order among these three.)
    expect((await names('EMIL')).sort()).toEqual(['Emile Faure', 'Émile Zola', 'émilie Roux']);
    expect(await names('zoe')).toEqual(['Zoé Bernard']);
    expect(await names('ÉLO')).toEqual(['Élodie 100%']);
    expect(await names('100%')).toEqual(['Élodie 100%']);
    expect(await names('%')).toEqual(['Élodie 100%']);
    expect(await names('a_l')).toEqual(['Ana_Lima']);
    expect(await names('_')).toEqual(['Ana_Lima']);
    expect(await names('\\')).toEqual([]);
    expect(await names('   ')).toEqual(all);
    expect((await suite.reader.get(`/api/participants?search=${'x'.repeat(201)}`)).statusCode).toBe(
      422,
    );
    expect((await suite.reader.get('/api/participants?search=%00')).statusCode).toBe(422);
  });

  it('counts distinct non-deleted items and deleting keeps the items', async () => {
    const items = itemFixtures(suite.server.ctx.db);
    const person = await create('Counted Person');
    const [first, second, trashed] = [
      await items.item(),
      await items.item({ type: 'mail' }),
      await items.item({ deleted: true }),
    ];
    await items.withParticipant(first, person.id, 'from');
    await items.withParticipant(first, person.id, 'to');
    await items.withParticipant(second, person.id, 'to');
    await items.withParticipant(trashed, person.id, 'from');
    expect((await suite.reader.get(`/api/participants/${person.id}`)).json().count).toBe(2);
    const listed = (await suite.reader.get('/api/participants?search=counted')).json();
    expect(listed).toEqual([{ id: person.id, name: 'Counted Person', count: 2 }]);

    const deleted = await suite.editor.delete(`/api/participants/${person.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('The participant has been deleted.');
    expect((await suite.reader.get(`/api/participants/${person.id}`)).statusCode).toBe(404);
    expect((await items.participantLinks()).some((link) => link.includes(`:${person.id}:`))).toBe(
      false,
    );
    const kept = await suite.server.ctx.db
      .selectFrom('items')
      .select('id')
      .where('id', 'in', [first, second, trashed])
      .execute();
    expect(kept).toHaveLength(3);
  });

  it('refuses bad bodies and ids with 422 and changes nothing', async () => {
    const before = (await suite.reader.get('/api/participants')).json();
    const bodies = [
      {},
      { name: '' },
      { name: '   ' },
      { name: 42 },
      { name: ['a'] },
      { name: 'x'.repeat(201) },
      { name: 'Nul\u0000byte' },
    ];
    for (const body of bodies) {
      const response = await suite.editor.post('/api/participants', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['name']);
    }
    const someone = before[0] as Participant;
    expect(
      (await suite.editor.patch(`/api/participants/${someone.id}`, { name: ' ' })).statusCode,
    ).toBe(422);
    for (const id of ['abc', '0', '-1', '1.5', '3000000000', '99999999999999999999']) {
      expect((await suite.reader.get(`/api/participants/${id}`)).statusCode, id).toBe(422);
      expect((await suite.editor.delete(`/api/participants/${id}`)).statusCode, id).toBe(422);
    }
    expect((await suite.reader.get('/api/participants')).json()).toEqual(before);
  });
});
