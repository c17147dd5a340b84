import type { Relation } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { editorAndReaderSuite } from '../../test/suite.js';

describe('family: a person’s history', () => {
  const suite = editorAndReaderSuite();

  async function person(name: string): Promise<number> {
    const response = await suite.editor.post('/api/participants', { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().participant.id;
  }

  it('is read from both people of a relation, newest first, paged; their life changes too', async () => {
    const [a, b] = await Promise.all([person('Hist Anna'), person('Hist Bruno')]);
    const created = await suite.editor.post(`/api/participants/${a}/relations`, {
      type: 'spouse',
      participant_id: b,
    });
    expect(created.statusCode, created.body).toBe(201);
    const relation = created.json().relation as Relation;
    await suite.editor.patch(`/api/participant-relations/${relation.id}`, { kind: 'partners' });
    await suite.editor.delete(`/api/participant-relations/${relation.id}`);
    await suite.editor.patch(`/api/participants/${a}`, { surname: 'Rossi' });

    const first = await suite.reader.get(`/api/participants/${a}/revisions?per_page=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.meta.total).toBe(4);
    expect(page.data.map((entry: { action: string }) => entry.action)).toEqual([
      'life',
      'relation.delete',
    ]);
    expect(page.data[0]).toMatchObject({ related: null, after: { surname: 'Rossi' } });
    expect(page.data[1]).toMatchObject({ relation_id: relation.id, related: { id: b } });

    const theirs = (await suite.reader.get(`/api/participants/${b}/revisions`)).json();
    expect(theirs.data.map((entry: { action: string }) => entry.action)).toEqual([
      'relation.delete',
      'relation.update',
      'relation.create',
    ]);
    expect(theirs.data[0]).toMatchObject({ related: { id: a, name: 'Hist Anna' } });
    expect(theirs.data[1].after).toMatchObject({ kind: 'partners' });

    const refused = await Promise.all(
      ['/api/participants/999999/revisions', `/api/participants/${a}/revisions?page=x`].map((url) =>
        suite.reader.get(url),
      ),
    );
    expect(refused.map((answer) => answer.statusCode)).toEqual([404, 422]);
  });
});
