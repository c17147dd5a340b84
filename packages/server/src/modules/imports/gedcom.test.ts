import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPath, routes, type Family, type Import } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { readGedcom } from '../gedcom/index.js';
import { importCommand } from './cli.js';
import { imported as importedBy, upload } from './test-fixtures/requests.js';

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../gedcom/fixtures/${name}`, import.meta.url));

async function participantCount(server: TestServer): Promise<number> {
  const row = await server.ctx.db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function relationCount(server: TestServer): Promise<number> {
  const row = await server.ctx.db
    .selectFrom('participant_relations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function idOf(server: TestServer, name: string): Promise<number> {
  const row = await server.ctx.db
    .selectFrom('participants')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function familyOf(client: TestClient, id: number): Promise<Family> {
  const response = await client.get(buildPath(routes.participantFamily.path, { id }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Family>();
}

/** Who each person's relatives are, by name: what must survive an export and a new import. */
async function familiesByName(server: TestServer, client: TestClient) {
  const rows = await server.ctx.db.selectFrom('participants').select(['id', 'name']).execute();
  const out: Record<string, unknown> = {};
  for (const row of rows.sort((a, b) => a.name.localeCompare(b.name))) {
    const family = await familyOf(client, row.id);
    const names = (list: Family['parents']) =>
      list.map((r) => `${r.person.name}:${r.relation?.kind}`).sort();
    const detail = await client.get(buildPath(routes.participant.path, { id: row.id }));
    const life = detail.json<{ life: unknown }>().life;
    out[row.name] = {
      life,
      parents: names(family.parents),
      partners: family.partners.map((r) => ({
        name: r.person.name,
        kind: r.relation?.kind,
        start: r.relation?.start,
        end: r.relation?.end,
        place: r.relation?.place?.name ?? null,
      })),
      children: names(family.children),
    };
  }
  return out;
}

describe('GEDCOM import and export', () => {
  let server: TestServer;
  let editor: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor } = await server.editorAndReader());
  });
  afterAll(() => server.close());

  const imported = (name: string, data: Buffer, fields?: Record<string, string>) =>
    importedBy(server, editor, name, data, fields);

  it('imports the five-person file from the command line, then adds no one the second time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-gedcom-'));
    const file = path.join(dir, 'family.ged');
    fs.writeFileSync(file, fixture('five-people.ged'));
    const lines: string[] = [];
    const run = () =>
      importCommand(
        server.ctx,
        { path: file, email: 'editor@example.com', options: { people: {} } as never, work: true },
        (line) => lines.push(line),
      );
    expect(await run()).toBe('done');
    await server.jobsSettled();
    expect(await participantCount(server)).toBe(5);
    expect(await relationCount(server)).toBe(6);

    const anna = await idOf(server, 'Anna Conti');
    const detail = await editor.get(buildPath(routes.participant.path, { id: anna }));
    expect(detail.json<{ life: unknown }>().life).toMatchObject({
      given_names: 'Anna',
      surname: 'Conti',
      sex: 'female',
      birth: {
        date: { qualifier: 'exact', start: { year: 1931, month: 3, day: 12 } },
        place: { name: 'Bologna, Emilia-Romagna, Italia', latitude: 44.4949, longitude: 11.3426 },
      },
      death: { date: { qualifier: 'about', start: { year: 2010 } } },
      biography: 'Anna taught in the village school for forty years.',
    });
    const family = await familyOf(editor, anna);
    expect(family.parents.map((r) => r.person.name).sort()).toEqual([
      'Giuseppe Conti',
      'Maria Ferri',
    ]);
    expect(family.partners.map((r) => r.person.name)).toEqual(['Marco Neri']);
    expect(family.partners[0]?.relation).toMatchObject({
      kind: 'married',
      start: { qualifier: 'exact', start: { year: 1955, month: 9, day: 14 } },
      place: { name: 'Bologna, Emilia-Romagna, Italia' },
    });
    expect(family.children.map((r) => r.person.name)).toEqual(['Luca Neri']);

    expect(await run()).toBe('done');
    await server.jobsSettled();
    expect(await participantCount(server)).toBe(5);
    expect(await relationCount(server)).toBe(6);
    fs.rmSync(dir, { recursive: true, force: true });

    // A child through the API; a cycle refused.
    const ada = await editor.post(routes.participantCreate.path, { name: 'Ada Neri' });
    expect(ada.statusCode, ada.body).toBe(201);
    const adaId = ada.json<{ participant: { id: number } }>().participant.id;
    const child = await editor.post(buildPath(routes.relationCreate.path, { id: anna }), {
      type: 'child',
      participant_id: adaId,
    });
    expect(child.statusCode, child.body).toBe(201);
    const luca = await idOf(server, 'Luca Neri');
    const cycle = await editor.post(buildPath(routes.relationCreate.path, { id: anna }), {
      type: 'parent',
      participant_id: luca,
    });
    expect(cycle.statusCode).toBe(422);
  });

  it('gives the people and families back with GET /api/gedcom, whole or around a person', async () => {
    const response = await editor.get(routes.gedcom.path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('family.ged');
    const read = readGedcom(response.rawPayload);
    expect(read.people.map((p) => p.name).sort()).toEqual([
      'Ada Neri',
      'Anna Conti',
      'Giuseppe Conti',
      'Luca Neri',
      'Marco Neri',
      'Maria Ferri',
    ]);
    expect(read.families).toHaveLength(3);
    for (const line of response.body.split('\n')) expect(line.length).toBeLessThanOrEqual(255);

    const anna = await idOf(server, 'Anna Conti');
    const ancestors = await editor.get(`${routes.gedcom.path}?participant=${anna}&scope=ancestors`);
    expect(ancestors.statusCode).toBe(200);
    expect(
      readGedcom(ancestors.rawPayload)
        .people.map((p) => p.name)
        .sort(),
    ).toEqual(['Anna Conti', 'Giuseppe Conti', 'Maria Ferri']);
    const missing = await editor.get(`${routes.gedcom.path}?scope=descendants`);
    expect(missing.statusCode).toBe(422);
    const gone = await editor.get(`${routes.gedcom.path}?participant=999999&scope=family`);
    expect(gone.statusCode).toBe(404);
  });

  it('imports a Gramps file in ANSEL with a preview, keeps its sources, and exports them back', async () => {
    const before = await participantCount(server);
    const previewed = await imported('famiglia.ged', fixture('gramps-ansel.ged'), {
      preview: 'true',
    });
    expect(previewed.status).toBe('ready');
    expect(previewed.source_kind).toBe('gedcom');
    expect(previewed.preview?.people.map((p) => [p.key, p.name]).sort()).toEqual([
      ['I0000', 'José Bianchi'],
      ['I0001', 'Françoise Müller'],
      ['I0002', 'Nicolò Bianchi'],
      ['I0003', 'Renée Bianchi'],
    ]);
    expect(previewed.preview?.counts).toMatchObject({ participants: 4, relations: 5 });
    const start = await editor.post(buildPath(routes.importStart.path, { id: previewed.id }), {});
    expect(start.statusCode, start.body).toBe(202);
    await server.jobsSettled();
    expect(await participantCount(server)).toBe(before + 4);
    const jose = await idOf(server, 'José Bianchi');
    const family = await familyOf(editor, jose);
    expect(family.children.map((r) => `${r.person.name}:${r.relation?.kind}`).sort()).toEqual([
      'Nicolò Bianchi:birth',
      'Renée Bianchi:adopted',
    ]);
    expect(family.partners[0]?.relation?.end).toEqual({
      qualifier: 'exact',
      start: { year: 1950 },
    });

    const exported = await editor.get(`${routes.gedcom.path}?participant=${jose}&scope=family`);
    const text = exported.body;
    expect(text).toContain('1 TITL Registri parrocchiali di San Francesco');
    expect(text).toContain('1 _UID 8F1A2C44D0E6B54A9E9D2B0F3A6C1E77A1B2');
    expect(text).toMatch(/2 SOUR @S1@\n3 PAGE Registro dei battesimi 1901, atto 12/);
    expect(readGedcom(exported.rawPayload).warnings).toEqual([]);
  });

  it('export → import into a fresh archive gives the same people and families', async () => {
    const exported = await editor.get(routes.gedcom.path);
    const fresh = await createTestServer();
    try {
      const { editor: other } = await fresh.editorAndReader();
      const done = await importedBy(fresh, other, 'family.ged', exported.rawPayload);
      expect(done.status, JSON.stringify(done.errors)).toBe('done');
      expect(await familiesByName(fresh, other)).toEqual(await familiesByName(server, editor));
    } finally {
      await fresh.close();
    }
  });

  it('keeps a source no one cites and gives it back once, even after a second import', async () => {
    const fresh = await createTestServer();
    try {
      const { editor: other } = await fresh.editorAndReader();
      const text = fixture('five-people.ged')
        .toString('utf8')
        .replace(/0 TRLR\s*$/, '0 @S77@ SOUR\n1 TITL Lettere di famiglia, 1950\n0 TRLR\n');
      for (const round of [1, 2]) {
        const done = await importedBy(fresh, other, `five-${round}.ged`, Buffer.from(text));
        expect(done.status, JSON.stringify(done.errors)).toBe('done');
      }
      const exported = await other.get(routes.gedcom.path);
      expect(exported.body.match(/1 TITL Lettere di famiglia, 1950/g)).toHaveLength(1);
      expect(readGedcom(exported.rawPayload).warnings).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('reports a relation the tree refuses and skips what a file names but lacks', async () => {
    const file = [
      '0 HEAD',
      '1 CHAR UTF-8',
      '0 @A@ INDI',
      '1 NAME Loop /Alpha/',
      '1 FAMS @F1@',
      '1 FAMC @F2@',
      '0 @B@ INDI',
      '1 NAME Loop /Beta/',
      '1 FAMS @F2@',
      '1 FAMC @F1@',
      '0 @F1@ FAM',
      '1 HUSB @A@',
      '1 CHIL @B@',
      '1 CHIL @NOBODY@',
      '0 @F2@ FAM',
      '1 HUSB @B@',
      '1 CHIL @A@',
      '0 TRLR',
      '',
    ].join('\n');
    const done = await imported('loop.ged', Buffer.from(file));
    expect(done.status).toBe('done');
    expect(done.counts.created).toBe(3);
    expect(done.errors).toEqual([
      'Not added: Loop Beta as parent of Loop Alpha (family F2) would make someone their own ancestor.',
    ]);
  });

  it.each([
    ['a line no GEDCOM file has', `0 HEAD\n0 @I1@ INDI\n1 NOTE ${'x'.repeat(100_000)}\n0 TRLR\n`],
    ['binary garbage after its header', `0 HEAD\n1 CHAR UTF-8\n\u0000\u0001\u0002\u00ff\n0 TRLR\n`],
    ['broken levels', '0 HEAD\n0 @I1@ INDI\n1 NAME Ok /One/\n5 NAME Broken\n0 TRLR\n'],
  ])('refuses %s, writing nothing', async (_case, text) => {
    const before = await participantCount(server);
    const done = await imported('hostile.ged', Buffer.from(text, 'latin1'));
    expect(done.status).toBe('failed');
    expect(done.errors.join(' ')).toContain('cannot be read');
    expect(await participantCount(server)).toBe(before);
  });

  it('skips a file called .ged that is not one, and the upload answers 202', async () => {
    const response = await upload(editor, 'notes.ged', Buffer.from('just some notes\n'));
    expect(response.statusCode).toBe(202);
    await server.jobsSettled();
    const id = response.json<{ import: Import }>().import.id;
    const status = await editor.get(buildPath(routes.importStatus.path, { id }));
    expect(status.json<Import>().status).toBe('failed');
  });
});
