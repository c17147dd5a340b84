import type { Family, FamilyTree, Relation } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { stampedTransaction } from '../../db/stamps.js';
import { editorAndReaderSuite } from '../../test/suite.js';
import { addRelation, familyForExport, findMatches, saveLife, treeIds } from './index.js';

describe('family: lives and relations', () => {
  const suite = editorAndReaderSuite();

  let counter = 0;
  async function person(name?: string): Promise<number> {
    const response = await suite.editor.post('/api/participants', {
      name: name ?? `Person ${++counter}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().participant.id;
  }
  async function relate(id: number, body: Record<string, unknown>) {
    return suite.editor.post(`/api/participants/${id}/relations`, body);
  }
  async function related(id: number, type: string, other: number, more = {}): Promise<Relation> {
    const response = await relate(id, { type, participant_id: other, ...more });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().relation;
  }
  async function familyOf(id: number): Promise<Family> {
    const response = await suite.reader.get(`/api/participants/${id}/family`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const ids = (list: { person: { id: number } }[]) => list.map((entry) => entry.person.id).sort();

  it('keeps a life with partial and approximate dates, and clears it with null', async () => {
    const id = await person('Anna Rossi');
    const response = await suite.editor.patch(`/api/participants/${id}`, {
      given_names: 'Anna Maria',
      surname: 'Rossi',
      sex: 'female',
      birth: {
        date: { qualifier: 'about', start: { year: 1948 } },
        place: { name: 'Torino', latitude: 45.07, longitude: 7.69 },
      },
      death: {
        date: { qualifier: 'between', start: { year: 1920 }, end: { year: 2022, month: 2 } },
      },
      biography: 'Seamstress.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const life = response.json().participant.life;
    expect(life).toMatchObject({
      given_names: 'Anna Maria',
      surname: 'Rossi',
      sex: 'female',
      biography: 'Seamstress.',
      portrait: null,
      birth: {
        date: { qualifier: 'about', start: { year: 1948 } },
        place: { name: 'Torino', latitude: 45.07, longitude: 7.69, country: { code: 'IT' } },
      },
      death: { date: { qualifier: 'between', end: { year: 2022, month: 2 } }, place: null },
    });
    // The list stays lean; the detail has the life.
    const list = (await suite.reader.get('/api/participants')).json();
    expect(list.find((p: { id: number }) => p.id === id)).toEqual({
      id,
      name: 'Anna Rossi',
      count: 0,
    });
    expect((await suite.reader.get(`/api/participants/${id}`)).json().life).toEqual(life);

    // Absent fields unchanged; a place alone keeps the date; null clears.
    const placeOnly = await suite.editor.patch(`/api/participants/${id}`, {
      birth: { place: { name: 'Asti' } },
      sex: null,
    });
    expect(placeOnly.json().participant.life).toMatchObject({
      given_names: 'Anna Maria',
      sex: null,
      birth: {
        date: { qualifier: 'about' },
        place: { name: 'Asti', latitude: null, country: null },
      },
    });
    const cleared = await suite.editor.patch(`/api/participants/${id}`, {
      birth: null,
      biography: null,
    });
    expect(cleared.json().participant.life).toMatchObject({ birth: null, biography: null });
    expect(cleared.json().participant.life.death).not.toBeNull();
    const revisions = await suite.server.ctx.db
      .selectFrom('family_revisions')
      .select(['action', 'before', 'after'])
      .where('participant_id', '=', id)
      .orderBy('id')
      .execute();
    expect(revisions.map((row) => row.action)).toEqual(['life', 'life', 'life']);
    expect(JSON.parse(revisions[2]!.before!).biography).toBe('Seamstress.');
  });

  it('refuses impossible dates, ranges without an end, bad portraits, in four languages', async () => {
    const id = await person();
    const refusals: [Record<string, unknown>, string][] = [
      [{ birth: { date: { start: { year: 1931, month: 2, day: 31 } } } }, 'birth.date.start.day'],
      [
        { birth: { date: { qualifier: 'between', start: { year: 1920 } } } },
        'birth.date.qualifier',
      ],
      [{ death: { date: { qualifier: 'about' } } }, 'death.date.qualifier'],
      [{ portrait: { face_id: 999999 } }, 'portrait'],
      [{ portrait: { file_id: 999999 } }, 'portrait'],
      [{ sex: 'robot' }, 'sex'],
    ];
    for (const [body, field] of refusals) {
      const response = await suite.editor.patch(`/api/participants/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toContain(field);
    }
    const messages = new Set<string>();
    for (const language of ['fr', 'en', 'it', 'de']) {
      suite.editor.language = language;
      const response = await suite.editor.patch(`/api/participants/${id}`, {
        birth: { date: { start: { year: 1931, month: 2, day: 31 } } },
      });
      messages.add(response.json().errors['birth.date.start.day'][0]);
    }
    suite.editor.language = 'en';
    expect(messages.size).toBe(4);
    expect((await suite.reader.patch(`/api/participants/${id}`, { surname: 'X' })).statusCode).toBe(
      403,
    );
  });

  it('adds parents, children and partners, and derives siblings and half-siblings', async () => {
    const [father, mother, child, sister, half, stepmother, partner] = await Promise.all(
      Array.from({ length: 7 }, () => person()),
    ).then((list) => list as [number, number, number, number, number, number, number]);
    const up = await related(child!, 'parent', father);
    expect(up).toMatchObject({
      type: 'parent',
      person1_id: father,
      person2_id: child,
      kind: 'birth',
    });
    await related(mother, 'child', child);
    await related(father, 'child', sister);
    await related(mother, 'child', sister);
    await related(father, 'child', half);
    await related(stepmother, 'child', half);
    const marriage = await related(father, 'spouse', mother, {
      start: { qualifier: 'exact', start: { year: 1950, month: 6, day: 3 } },
      end: { qualifier: 'about', start: { year: 1970 } },
      place: { name: 'Roma', latitude: 41.9, longitude: 12.5 },
    });
    expect(marriage).toMatchObject({
      type: 'spouse',
      kind: 'married',
      person1_id: Math.min(father, mother),
      person2_id: Math.max(father, mother),
      place: { name: 'Roma', country: { code: 'IT' } },
    });
    await related(stepmother, 'spouse', father, { kind: 'partners' });
    await related(child, 'spouse', partner);

    const family = await familyOf(child);
    expect(ids(family.parents)).toEqual([father, mother].sort());
    expect(ids(family.partners)).toEqual([partner]);
    expect(family.spouses).toEqual(family.partners);
    expect(family.children).toEqual([]);
    const siblings = Object.fromEntries(family.siblings.map((s) => [s.person.id, s]));
    expect(Object.keys(siblings).map(Number).sort()).toEqual([sister, half].sort());
    expect(siblings[sister]).toMatchObject({
      half: false,
      shared_parent_ids: [father, mother].sort((a, b) => a - b),
      relation: null,
    });
    expect(siblings[half]).toMatchObject({ half: true, shared_parent_ids: [father] });
    expect(family.parents[0]!.person.life).toMatchObject({ birth: null });

    const fathers = await familyOf(father);
    expect(ids(fathers.children)).toEqual([child, sister, half].sort());
    expect(ids(fathers.partners)).toEqual([mother, stepmother].sort());
    expect(fathers.partners.find((p) => p.person.id === stepmother)!.relation!.kind).toBe(
      'partners',
    );
    expect((await suite.reader.get('/api/participants/999999/family')).statusCode).toBe(404);
  });

  it('refuses self, duplicates, cycles, a third birth parent and mismatched kinds', async () => {
    const [a, b, c, d, e] = (await Promise.all(Array.from({ length: 5 }, () => person()))) as [
      number,
      number,
      number,
      number,
      number,
    ];
    await related(a, 'child', b);
    await related(b, 'child', c);
    const cases: [number, Record<string, unknown>, string][] = [
      [a, { type: 'spouse', participant_id: a }, 'family.self'],
      [a, { type: 'child', participant_id: b }, 'family.duplicate'],
      [b, { type: 'parent', participant_id: a }, 'family.duplicate'],
      [a, { type: 'parent', participant_id: c }, 'family.cycle'],
      [a, { type: 'parent', participant_id: b }, 'family.cycle'],
      [a, { type: 'spouse', participant_id: b, kind: 'adopted' }, 'family.kind_invalid'],
      [a, { type: 'child', participant_id: d, kind: 'married' }, 'family.kind_invalid'],
    ];
    for (const [id, body, key] of cases) {
      const response = await relate(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().message, JSON.stringify(body)).toBe(
        (await import('../../i18n/translate.js')).translate('en', key as 'family.cycle'),
      );
    }
    // A spouse pair is one, whichever side adds it.
    await related(d, 'spouse', e);
    expect((await relate(e, { type: 'spouse', participant_id: d })).statusCode).toBe(422);
    // Two birth parents, then an adoptive one is fine and a third birth parent is not.
    await related(c, 'parent', d);
    expect((await relate(c, { type: 'parent', participant_id: e })).json().message).toBe(
      'This child already has two birth parents.',
    );
    await related(c, 'parent', e, { kind: 'adopted' });
    // Unknown people.
    expect((await relate(999999, { type: 'child', participant_id: a })).statusCode).toBe(404);
    expect((await relate(a, { type: 'child', participant_id: 999999 })).statusCode).toBe(422);
    // Bad input is a 422, never a 500.
    for (const body of [
      {},
      { type: 'cousin', participant_id: b },
      { type: 'child', participant_id: 'x' },
      { type: 'child', participant_id: d, start: { qualifier: 'between', start: { year: 1 } } },
      { type: 'spouse', participant_id: d, place: { latitude: 1 } },
    ]) {
      expect((await relate(a, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    // Readers cannot write.
    expect((await suite.reader.post(`/api/participants/${a}/relations`, {})).statusCode).toBe(403);
  });

  it('concurrent adds never make a cycle nor a duplicate', async () => {
    const [a, b] = (await Promise.all([person(), person()])) as [number, number];
    const answers = await Promise.all([
      relate(a, { type: 'child', participant_id: b }),
      relate(b, { type: 'child', participant_id: a }),
      relate(a, { type: 'child', participant_id: b }),
      relate(b, { type: 'parent', participant_id: a }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    const rows = await suite.server.ctx.db
      .selectFrom('participant_relations')
      .selectAll()
      .where((eb) => eb.or([eb('person1_id', 'in', [a, b]), eb('person2_id', 'in', [a, b])]))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('changes and removes a relation, keeping revisions; readers cannot', async () => {
    const [a, b] = (await Promise.all([person(), person()])) as [number, number];
    const relation = await related(a, 'spouse', b);
    const changed = await suite.editor.patch(`/api/participant-relations/${relation.id}`, {
      kind: 'partners',
      end: { qualifier: 'exact', start: { year: 1999 } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().relation).toMatchObject({
      kind: 'partners',
      end: { start: { year: 1999 } },
    });
    const wrongKind = await suite.editor.patch(`/api/participant-relations/${relation.id}`, {
      kind: 'step',
    });
    expect(wrongKind.statusCode).toBe(422);
    expect(
      (await suite.reader.patch(`/api/participant-relations/${relation.id}`, { kind: 'married' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await suite.reader.delete(`/api/participant-relations/${relation.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await suite.editor.delete(`/api/participant-relations/${relation.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await suite.editor.delete(`/api/participant-relations/${relation.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await suite.editor.patch(`/api/participant-relations/${relation.id}`, {})).statusCode,
    ).toBe(404);
    const revisions = await suite.server.ctx.db
      .selectFrom('family_revisions')
      .select('action')
      .where('relation_id', '=', relation.id)
      .orderBy('id')
      .execute();
    expect(revisions.map((row) => row.action)).toEqual([
      'relation.create',
      'relation.update',
      'relation.delete',
    ]);
    expect((await familyOf(a)).partners).toEqual([]);
  });

  it('draws the tree by generations, with partners and siblings', async () => {
    // g0 → g1 → g2 → g3 → g4, g2's sibling and g3's partner.
    const line = [];
    for (let i = 0; i < 5; i++) line.push(await person());
    for (let i = 0; i < 4; i++) await related(line[i]!, 'child', line[i + 1]!);
    const sibling = await person();
    await related(line[1]!, 'child', sibling);
    const partner = await person();
    await related(line[3]!, 'spouse', partner);
    const tree = async (query: string): Promise<FamilyTree> => {
      const response = await suite.reader.get(`/api/family-tree?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const one = await tree(`participant=${line[2]}&generations=1`);
    expect(one.people.map((p) => p.id).sort()).toEqual(
      [line[1]!, line[2]!, line[3]!, sibling, partner].sort(),
    );
    expect(one.relations.length).toBe(4);
    const all = await tree(`participant=${line[2]}`);
    expect(all.people.map((p) => p.id).sort()).toEqual([...line, sibling, partner].sort());
    const everyone = await tree('');
    expect(everyone.people.length).toBeGreaterThanOrEqual(7);
    expect((await suite.reader.get('/api/family-tree?participant=999999')).statusCode).toBe(404);
    expect((await suite.reader.get('/api/family-tree?generations=0')).statusCode).toBe(422);
    expect((await suite.reader.get('/api/family-tree?generations=abc')).statusCode).toBe(422);
    expect(await treeIds(suite.server.ctx.db, line[2]!, 1, 'ancestors')).toEqual(
      [line[1]!, line[2]!].sort((a, b) => a - b),
    );
    expect(await treeIds(suite.server.ctx.db, line[2]!, undefined, 'descendants')).toEqual(
      [line[2]!, line[3]!, line[4]!].sort((a, b) => a - b),
    );
  });

  it('offers the GEDCOM import and export a service API with the same checks', async () => {
    const [a, b] = (await Promise.all([person('Giuseppe Verdi'), person()])) as [number, number];
    const ctx = suite.server.ctx;
    const actor = { id: null, name: 'GEDCOM import' };
    const now = new Date().toISOString();
    await stampedTransaction(ctx.db, 'archive', async (trx) => {
      expect(
        await saveLife(
          trx,
          a,
          {
            surname: 'Verdi',
            given_names: 'Giuseppe',
            birth: { date: { qualifier: 'exact', start: { year: 1813, month: 10, day: 10 } } },
            gedcom_extra: { sources: ['@S1@'] },
          },
          actor,
          now,
        ),
      ).toBe(true);
      await addRelation(
        trx,
        { type: 'parent', person1_id: a, person2_id: b, gedcom_extra: { _UID: 'x' } },
        actor,
        now,
      );
    });
    await expect(
      stampedTransaction(ctx.db, 'archive', (trx) =>
        addRelation(trx, { type: 'parent', person1_id: b, person2_id: a }, actor, now),
      ),
    ).rejects.toMatchObject({ statusCode: 422, messageKey: 'family.cycle' });
    await expect(
      stampedTransaction(ctx.db, 'archive', (trx) =>
        saveLife(
          trx,
          b,
          { birth: { date: { qualifier: 'between', start: { year: 1 } } } },
          actor,
          now,
        ),
      ),
    ).rejects.toMatchObject({ statusCode: 422 });
    const exported = await familyForExport(ctx.db, [a, b]);
    expect(exported.people.find((p) => p.id === a)).toMatchObject({
      gedcom_extra: { sources: ['@S1@'] },
      life: { surname: 'Verdi', birth: { date: { start: { year: 1813 } }, place: null } },
    });
    expect(exported.relations).toMatchObject([
      { type: 'parent', person1_id: a, person2_id: b, kind: 'birth', gedcom_extra: { _UID: 'x' } },
    ]);
    expect(
      (await findMatches(ctx.db, { surname: 'VERDI', birth_year: 1813 })).map((m) => m.id),
    ).toEqual([a]);
    expect(await findMatches(ctx.db, { surname: 'Verdi', birth_year: 1900 })).toEqual([]);
    expect((await findMatches(ctx.db, { name: 'giuseppe verdi' })).map((m) => m.id)).toEqual([a]);
  });

  it('deleting a participant removes their relations and history', async () => {
    const [a, b] = (await Promise.all([person(), person()])) as [number, number];
    await related(a, 'child', b);
    expect((await suite.editor.delete(`/api/participants/${b}`)).statusCode).toBe(200);
    expect((await familyOf(a)).children).toEqual([]);
    const left = await suite.server.ctx.db
      .selectFrom('family_revisions')
      .select('id')
      .where((eb) => eb.or([eb('participant_id', '=', b), eb('related_id', '=', b)]))
      .execute();
    expect(left).toEqual([]);
  });
});
