import type { Family } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { editorAndReaderSuite } from '../../test/suite.js';

describe('family: merge and divide', () => {
  const suite = editorAndReaderSuite();

  let counter = 0;
  async function person(life: Record<string, unknown> = {}): Promise<number> {
    const response = await suite.editor.post('/api/participants', { name: `Merged ${++counter}` });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().participant.id as number;
    if (Object.keys(life).length > 0) {
      const patched = await suite.editor.patch(`/api/participants/${id}`, life);
      expect(patched.statusCode, patched.body).toBe(200);
    }
    return id;
  }
  async function relate(id: number, type: string, other: number) {
    const response = await suite.editor.post(`/api/participants/${id}/relations`, {
      type,
      participant_id: other,
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  async function familyOf(id: number): Promise<Family> {
    return (await suite.reader.get(`/api/participants/${id}/family`)).json();
  }
  const ids = (list: { person: { id: number } }[]) =>
    list.map((entry) => entry.person.id).sort((a, b) => a - b);

  it('carries lives (the kept one wins) and relations (repointed, collapsed, dropped)', async () => {
    const keep = await person({ given_names: 'Anna', birth: null });
    const other = await person({
      given_names: 'Anne',
      surname: 'Rossi',
      birth: { date: { qualifier: 'about', start: { year: 1948 } }, place: { name: 'Torino' } },
    });
    const [mother, child, spouse, otherChild] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ] as [number, number, number, number];
    await relate(keep, 'parent', mother);
    await relate(other, 'parent', mother); // collapses into keep's
    await relate(keep, 'child', child);
    await relate(other, 'child', otherChild); // moves to keep
    await relate(other, 'spouse', spouse); // moves to keep
    await relate(keep, 'spouse', other); // between the merged: dropped
    const response = await suite.editor.post('/api/participants/merge', {
      participants: [keep, other],
      participantToKeep: keep,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().participant.life).toMatchObject({
      given_names: 'Anna',
      surname: 'Rossi',
      birth: { date: { qualifier: 'about' }, place: { name: 'Torino' } },
    });
    const family = await familyOf(keep);
    expect(ids(family.parents)).toEqual([mother]);
    expect(ids(family.children)).toEqual([child, otherChild].sort((a, b) => a - b));
    expect(ids(family.partners)).toEqual([spouse]);
    expect(ids((await familyOf(mother)).children)).toEqual([keep]);
    const history = await suite.server.ctx.db
      .selectFrom('family_revisions')
      .select('participant_id')
      .where('participant_id', '=', other)
      .execute();
    expect(history).toEqual([]);
  });

  it('refuses a merge that would make someone their own ancestor, changing nothing', async () => {
    const [grandparent, parent, child] = [await person(), await person(), await person()] as [
      number,
      number,
      number,
    ];
    await relate(grandparent, 'child', parent);
    await relate(parent, 'child', child);
    const before = await familyOf(parent);
    const response = await suite.editor.post('/api/participants/merge', {
      participants: [grandparent, child],
      participantToKeep: grandparent,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe('This relation would make someone their own ancestor.');
    expect(await familyOf(parent)).toEqual(before);
    expect((await suite.reader.get(`/api/participants/${child}`)).statusCode).toBe(200);
  });

  it('refuses a merge that would give someone a third birth parent, as the relation route does', async () => {
    const [keep, other, p1, p2, p3, adopter] = (await Promise.all(
      Array.from({ length: 6 }, () => person()),
    )) as [number, number, number, number, number, number];
    await relate(keep, 'parent', p1);
    await relate(keep, 'parent', p2);
    await relate(other, 'parent', p3);
    const before = await familyOf(keep);
    const response = await suite.editor.post('/api/participants/merge', {
      participants: [keep, other],
      participantToKeep: keep,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe('This child already has two birth parents.');
    expect(await familyOf(keep)).toEqual(before);
    expect((await suite.reader.get(`/api/participants/${other}`)).statusCode).toBe(200);

    // An adoptive parent is not a third birth parent: that merge goes through.
    const second = await person();
    const adoption = await suite.editor.post(`/api/participants/${second}/relations`, {
      type: 'parent',
      participant_id: adopter,
      kind: 'adopted',
    });
    expect(adoption.statusCode, adoption.body).toBe(201);
    const merged = await suite.editor.post('/api/participants/merge', {
      participants: [keep, second],
      participantToKeep: keep,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(ids((await familyOf(keep)).parents)).toEqual([p1, p2, adopter].sort((a, b) => a - b));
  });

  it('divides a participant: the life and relations stay on the original', async () => {
    const original = await person({ surname: 'Moreau' });
    const parent = await person();
    await relate(original, 'parent', parent);
    const response = await suite.editor.post(`/api/participants/divide/${original}`, {
      name1: 'Jean Moreau',
      name2: 'Jeanne Moreau',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [first, second] = response.json().participants as { id: number }[];
    expect(first!.id).toBe(original);
    expect(ids((await familyOf(original)).parents)).toEqual([parent]);
    expect((await familyOf(second!.id)).parents).toEqual([]);
    const divided = (await suite.reader.get(`/api/participants/${second!.id}`)).json();
    expect(divided.life.surname).toBeNull();
    expect((await suite.reader.get(`/api/participants/${original}`)).json().life.surname).toBe(
      'Moreau',
    );
  });
});
