import type { PlacePoint } from '@kinfolio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { testDialect } from '../../test/database.js';
import { createTestServer, type TestServer } from '../../test/server.js';

const EUROPE = '-10,35,30,60';
const PARIS = '2.33,48.84,2.37,48.87';

describe('the map’s points', () => {
  let server: TestServer;
  let editor: TestClient;
  let reader: TestClient;
  let archivist: TestClient;
  const ids = {
    paris: [] as number[],
    berlin: [] as number[],
    rome: [] as number[],
    fiji: [] as number[],
  };
  let tag: number;
  let person: number;
  let category: number;
  let record: number;

  const points = async (query: string, client: TestClient = reader) => {
    const response = await client.get(`/api/places/points?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as PlacePoint[];
  };
  const total = (list: PlacePoint[]) => list.reduce((sum, point) => sum + point.count, 0);
  const near = (list: PlacePoint[], latitude: number, longitude: number) =>
    list.find(
      (point) =>
        Math.abs(point.latitude - latitude) < 1 && Math.abs(point.longitude - longitude) < 1,
    );

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor, reader } = await server.editorAndReader());
    await server.createUser({
      email: 'archivist@example.com',
      permissions: ['content.edit', 'content.delete', 'records.edit'],
    });
    archivist = await server.loggedIn('archivist@example.com');
    tag = (await editor.post('/api/tags', { name: 'Voyage' })).json().tag.id;
    person = (await editor.post('/api/participants', { name: 'Nonna' })).json().participant.id;
    category = (await editor.post('/api/categories', { name: 'Lettres' })).json().category.id;
    const posts = itemsApi(editor, 'post');
    const mails = itemsApi(editor, 'mail');
    // Five posts in Paris, about 300 m apart: one cluster from afar, five points up close.
    for (let i = 0; i < 5; i++) {
      const post = await posts.create({
        title: `Paris ${i}`,
        language: i < 3 ? 'fr' : 'en',
        date: `19${50 + i}-06-01`,
        tags: i === 0 ? [tag] : [],
        place: { name: '', latitude: 48.85 + i * 0.003, longitude: 2.35 },
      });
      ids.paris.push(post.id);
    }
    for (let i = 0; i < 3; i++) {
      const mail = await mails.create({
        title: `Berlin ${i}`,
        language: 'de',
        date: '1961-08-13',
        from: [person],
        categories: [category],
        place: { name: 'Berlin', latitude: 52.52, longitude: 13.4 },
      });
      ids.berlin.push(mail.id);
    }
    const rome = await itemsApi(editor, 'media').create({
      title: 'Roma',
      language: 'it',
      date: '1975-04-21',
      place: { name: 'Roma', latitude: 41.9, longitude: 12.5 },
    });
    ids.rome = [rome.id];
    for (const longitude of [178.44, -179.9]) {
      const post = await posts.create({
        title: `Fiji ${longitude}`,
        language: 'en',
        place: { name: '', latitude: -16.5, longitude },
      });
      ids.fiji.push(post.id);
    }
    record = (
      await archivist.post('/api/records', {
        lang: 'it',
        title: 'Intervista a Como',
        registration_date: '1980-01-01',
        people: [person],
        place: { name: 'Como', latitude: 45.81, longitude: 9.08 },
      })
    ).json().record.id;
    // Unplaced items and one in the trash are never on the map.
    await posts.create({ title: 'Nowhere', language: 'fr' });
    const trashed = await posts.create({
      title: 'Trashed',
      language: 'fr',
      place: { name: '', latitude: 48.85, longitude: 2.35 },
    });
    await itemsApi(archivist, 'post').trash(trashed.id);
  });
  afterAll(() => server.close());

  it('clusters Europe at zoom 3', async () => {
    const list = await points(`bbox=${EUROPE}&zoom=3`);
    expect(total(list)).toBe(5 + 3 + 1 + 1);
    // Paris and Como (about 40 pixels apart at this zoom) make one cluster; Berlin another.
    const west = list.find((point) => point.count === 6)!;
    expect(west.latitude).toBeCloseTo((5 * 48.856 + 45.81) / 6, 2);
    expect(west.ids).toBeUndefined(); // a record among them: no item ids
    expect(near(list, 52.52, 13.4)).toMatchObject({ count: 3 });
    expect(near(list, 41.9, 12.5)).toMatchObject({ count: 1, id: ids.rome[0] });
  });

  it('shows each city apart at zoom 4 and names a lone entry', async () => {
    const list = await points(`bbox=${EUROPE}&zoom=4`);
    expect(total(list)).toBe(5 + 3 + 1 + 1);
    expect(near(list, 48.85, 2.35)).toMatchObject({ count: 5 });
    // Up close (or filtered) a small cluster lists its items.
    const berlin = await points('bbox=13.39,52.51,13.41,52.53&zoom=18');
    expect(berlin).toEqual([expect.objectContaining({ count: 3, ids: ids.berlin })]);
    expect(near(list, 52.52, 13.4)).toMatchObject({ count: 3 });
    const rome = near(list, 41.9, 12.5)!;
    expect(rome).toMatchObject({
      count: 1,
      id: ids.rome[0],
      type: 'media',
      title: 'Roma',
      thumbnail_url: null,
    });
    expect(rome.latitude).toBeCloseTo(41.9, 6);
    expect(near(list, 45.81, 9.08)).toMatchObject({ count: 1, id: record, type: 'record' });
  });

  it('separates the Paris points at zoom 16 and groups them at zooms between', async () => {
    const close = await points(`bbox=${PARIS}&zoom=16`);
    expect(close).toHaveLength(5);
    expect(close.map((point) => point.id).sort()).toEqual([...ids.paris].sort());
    expect(close.every((point) => point.count === 1 && point.title?.startsWith('Paris'))).toBe(
      true,
    );
    const counts = [];
    for (const zoom of [10, 12, 14, 16, 22]) {
      const list = await points(`bbox=${PARIS}&zoom=${zoom}`);
      expect(total(list), `zoom ${zoom}`).toBe(5);
      counts.push(list.length);
    }
    // Closer zooms never show fewer points.
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts[0]).toBe(1);
    // From afar the box's cell reaches past Paris: Como's record is in it too.
    expect(total(await points(`bbox=${PARIS}&zoom=3`))).toBe(6);
  });

  it('answers the same counted (wide views) as grouped from the entries (filtered)', async () => {
    for (const zoom of [2, 3, 5, 8, 10, 13, 16]) {
      const counted = await points(`bbox=-180,-90,180,90&zoom=${zoom}`);
      // A date range wider than the archive keeps everything but reads the entries themselves.
      const grouped = await points(`bbox=-180,-90,180,90&zoom=${zoom}&date_from=0001-01-01`);
      const shape = (list: PlacePoint[]) =>
        list
          .map((p) => `${p.latitude.toFixed(6)} ${p.longitude.toFixed(6)} ${p.count} ${p.id ?? ''}`)
          .sort();
      expect(shape(grouped), `zoom ${zoom}`).toEqual(shape(counted));
    }
  });

  it('narrows by each list filter, at a wide and a close zoom', async () => {
    for (const zoom of [3, 12, 18]) {
      const box = EUROPE;
      const count = async (filter: string) =>
        total(await points(`bbox=${box}&zoom=${zoom}&${filter}`));
      expect(await count('type=mail')).toBe(3);
      expect(await count('type=post')).toBe(5);
      expect(await count('type=record')).toBe(1);
      expect(await count('type=dream')).toBe(0);
      expect(await count('language=fr')).toBe(3);
      expect(await count('language=it')).toBe(2); // Rome's media and Como's record
      expect(await count(`tag=${tag}`)).toBe(1);
      expect(await count(`category=${category}`)).toBe(3);
      expect(await count(`participant=${person}`)).toBe(4); // Berlin's mails and the record
      expect(await count('date_from=1952-01-01&date_to=1954-12-31')).toBe(3);
      expect(await count('date_from=1961-08-13&date_to=1961-08-13')).toBe(3);
      expect(await count(`type=post&language=en&date_to=1960-01-01`)).toBe(2);
    }
  });

  it('reads a box across the antimeridian', async () => {
    const list = await points('bbox=170,-25,-170,-10&zoom=4');
    expect(total(list)).toBe(2);
    expect(list.map((point) => point.id).sort()).toEqual([...ids.fiji].sort());
    expect(total(await points('bbox=-170,-25,170,-10&zoom=4'))).toBe(0);
  });

  it('follows moves, trash and restore', async () => {
    const posts = itemsApi(archivist, 'post');
    await posts.update(ids.paris[4]!, {
      place: { name: 'Lisboa', latitude: 38.72, longitude: -9.14 },
    });
    expect(near(await points(`bbox=${EUROPE}&zoom=4`), 48.85, 2.35)?.count).toBe(4);
    await posts.trash(ids.paris[3]!);
    expect(near(await points(`bbox=${EUROPE}&zoom=4`), 48.85, 2.35)?.count).toBe(3);
    await posts.restore(ids.paris[3]!);
    await posts.update(ids.paris[4]!, { place: null });
    const list = await points(`bbox=${EUROPE}&zoom=4`);
    expect(near(list, 48.85, 2.35)?.count).toBe(4);
    expect(total(list)).toBe(9);
  });

  it('refuses a malformed box or zoom with a localised 422, and strangers with 401', async () => {
    reader.language = 'fr';
    for (const query of [
      'bbox=a,b,c,d&zoom=3',
      'bbox=1,2,3&zoom=3',
      'bbox=1,2,3,4,5&zoom=3',
      'bbox=0,50,10,40&zoom=3',
      'bbox=0,-91,10,40&zoom=3',
      'bbox=-181,0,10,40&zoom=3',
      'bbox=1e1,0,10,40&zoom=3',
      'bbox=0,0,10,10&zoom=23',
      'bbox=0,0,10,10&zoom=-1',
      'bbox=0,0,10,10&zoom=2.5',
      'bbox=0,0,10,10',
      'zoom=3',
      'bbox=0,0,10,10&zoom=3&type=letter',
      'bbox=0,0,10,10&zoom=3&date_from=yesterday',
    ]) {
      const response = await reader.get(`/api/places/points?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(JSON.stringify(response.json()), query).not.toMatch(/places\.|validation\./);
    }
    const box = (await reader.get('/api/places/points?bbox=0,50,10,40&zoom=3')).json();
    expect(box.errors.bbox[0]).toMatch(/ouest, sud, est, nord/);
    reader.language = 'en';
    expect((await server.client().get(`/api/places/points?bbox=${EUROPE}&zoom=3`)).statusCode).toBe(
      401,
    );
  });

  // Migration 0043: a city view reads ~2,000 counters; from the heap each cost a page of its own.
  it.runIf(testDialect() === 'postgres')(
    'reads the counters of a view from place_cells’ primary key alone (PostgreSQL)',
    async () => {
      const db = server.ctx.db;
      await sql`vacuum analyze place_cells`.execute(db);
      const plan = await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        const rows = await sql<{ 'QUERY PLAN': string }>`explain
          select cx, cy, sum(n), sum(lat_sum), sum(lon_sum), sum(id_sum), max(kind)
          from place_cells
          where level = 18 and cx between 0 and 200000 and cy between 0 and 200000
          group by cx, cy`.execute(trx);
        return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('Index Only Scan using place_cells_pk');
    },
  );
});
