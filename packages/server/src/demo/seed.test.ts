import {
  CONTENT_LANGUAGES,
  ITEM_TYPES,
  type ItemListRow,
  type NamedPlace,
  type PlacePoint,
  type RecordEntity,
  type RecordListRow,
} from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cut, plainText, sanitizeContent } from '../modules/items/index.js';
import { searchKeyOf } from '../modules/participants/index.js';
import type { TestClient } from '../test/client.js';
import { itemsApi } from '../test/items-api.js';
import { createTestServer, type TestServer } from '../test/server.js';
import { demoItems, LEXICONS } from './generate.js';
import type { Lexicon } from './lexicon/types.js';
import { demoPicture, PLACE_COORDINATES } from './pictures.js';
import { DEMO_RELATIONS } from './family.js';
import { DEMO_RECORDS } from './records.js';
import { ArchiveNotEmptyError, seedDemo } from './seed.js';

const SIZE = 240;

describe('demo data', () => {
  let server: TestServer;
  let reader: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({ email: 'reader@example.com' });
    reader = await server.loggedIn('reader@example.com');
    await seedDemo(server.ctx, { size: SIZE, seed: 7, pictures: server.ctx.storage.files });
  });
  afterAll(() => server?.close());

  it('writes the requested number of items of every type, with translations', async () => {
    const rows = await server.ctx.db.selectFrom('items').selectAll().execute();
    expect(rows).toHaveLength(SIZE);
    for (const type of ITEM_TYPES)
      expect(rows.filter((r) => r.type === type).length).toBeGreaterThan(40);
    expect(new Set(rows.map((r) => r.language))).toEqual(new Set(CONTENT_LANGUAGES));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const translations = rows.filter((r) => r.parent_id !== null);
    expect(translations.length).toBeGreaterThan(SIZE / 6);
    for (const t of translations) {
      const original = byId.get(t.parent_id!)!;
      expect(original.parent_id).toBeNull();
      expect(original.type).toBe(t.type);
      expect(t.language).not.toBe(original.language);
      expect(t.original_language).toBe(original.language);
      expect(t.date).toBe(original.date);
    }
    const years = rows.map((r) => Number(r.date!.slice(0, 4)));
    expect(Math.min(...years)).toBeLessThan(1975);
    expect(Math.max(...years)).toBeGreaterThan(2015);
    // Stored exactly as the items service stores content.
    for (const row of rows.slice(0, 60)) {
      expect(sanitizeContent(row.content)).toBe(row.content);
      expect(row.plain).toBe(plainText(row.content));
      expect(row.preview).toBe(cut(row.plain));
    }
  });

  it('links participants, tags and a three-level category tree', async () => {
    const db = server.ctx.db;
    const count = async (table: 'participants' | 'tags' | 'categories' | 'item_tags') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('participants')).toBe(30);
    expect(await count('tags')).toBe(20);
    expect(await count('item_tags')).toBeGreaterThan(0);
    const categories = await db.selectFrom('categories').selectAll().execute();
    const parent = new Map(categories.map((c) => [c.id, c.parent_id]));
    const depth = (id: number): number => (parent.get(id) ? 1 + depth(parent.get(id)!) : 1);
    expect(Math.max(...categories.map((c) => depth(c.id)))).toBe(3);
    expect(categories.every((c) => c.name_fr && c.name_en && c.name_it && c.name_de)).toBe(true);

    const posts = itemsApi(reader, 'post');
    const first = (await posts.list('all')).data[0]!;
    const item = await posts.single(first.id);
    expect(item.from).toHaveLength(1);
    expect(item.to.length).toBeGreaterThan(0);
    expect(item.categories.length).toBeGreaterThan(0);
  });

  it('is found by search, accent-insensitively', async () => {
    const post = await server.ctx.db
      .selectFrom('items')
      .select(['id', 'title'])
      .where('type', '=', 'post')
      .where('language', '=', 'fr')
      .where('deleted_at', 'is', null)
      .where('title', 'like', '%é%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const query = searchKeyOf(post.title);
    expect(query).not.toBe(post.title.toLowerCase());
    const page = await itemsApi(reader, 'post').list('search', { query, per_page: 100 });
    expect(page.data.map((row: ItemListRow) => row.id)).toContain(post.id);
  });

  it('gives every media item pictures of several shapes, with thumbnails and EXIF', async () => {
    const db = server.ctx.db;
    const media = await db.selectFrom('items').select('id').where('type', '=', 'media').execute();
    const files = await db
      .selectFrom('files')
      .selectAll()
      .where('mime', '=', 'image/jpeg')
      .execute();
    const owners = new Set(files.map((file) => file.item_id));
    expect(media.every((item) => owners.has(item.id))).toBe(true);
    expect(files.every((file) => file.thumb_key && file.thumb_pending === 0)).toBe(true);
    const shapes = new Set(files.map((file) => (file.width! / file.height!).toFixed(2)));
    expect(shapes.size).toBeGreaterThanOrEqual(5);
    // Recent ones say when (and some where) they were taken, as a camera writes it.
    const dated = files.filter((file) => file.taken_on);
    expect(dated.length).toBeGreaterThan(0);
    expect(dated.length).toBeLessThan(files.length);
    expect(files.some((file) => file.latitude !== null && file.longitude !== null)).toBe(true);
    const stored = files[0]!;
    expect((await server.ctx.storage.files.stat(stored.storage_key))?.size).toBe(stored.size);
    expect(await server.ctx.storage.files.stat(stored.thumb_key!)).toBeTruthy();
    // The list shows them: no grey photo grid.
    const page = await itemsApi(reader, 'media').list('all', { per_page: 20 });
    expect(page.data.every((row) => row.thumbnail_url)).toBe(true);
  });

  it('places the records too, in their towns, on the map beside the items', async () => {
    const live = (await reader.get('/api/records?per_page=100')).json().data as RecordListRow[];
    const trash = (await reader.get('/api/records?trash=1')).json().data as RecordListRow[];
    expect(live.length).toBeGreaterThan(0);
    for (const row of [...live, ...trash]) {
      const record = (await reader.get(`/api/records/${row.id}`)).json() as RecordEntity;
      const demo = DEMO_RECORDS.find((r) => r.title === record.title)!;
      expect(record.location).toBe(demo.location);
      expect(record.place, record.title).toMatchObject({
        name: demo.place.name,
        latitude: demo.place.latitude,
        longitude: demo.place.longitude,
      });
    }
    const countries = async (title: string) => {
      const row = live.find((r) => r.title === title)!;
      return ((await reader.get(`/api/records/${row.id}`)).json() as RecordEntity).place?.country
        ?.code;
    };
    expect(await countries('Papi Jean raconte la moisson de 1947')).toBe('FR');
    expect(await countries('La vigilia di Natale dalla Nonna Rosa')).toBe('IT');
    expect(await countries('Oma Gisela erzählt vom Oktoberfest')).toBe('DE');
    expect(await countries('Interview with Margaret Hughes about the move to London')).toBe('GB');
    expect(await countries('جدتي فاطمة الزهراء تحكي عن عيد الفطر')).toBe('MA');

    // Every live record is a point on the map (the one in the trash is not).
    const world = await reader.get('/api/places/points?bbox=-180,-90,180,90&zoom=2&type=record');
    expect(world.statusCode, world.body).toBe(200);
    const points = world.json().data as PlacePoint[];
    expect(points.reduce((sum, point) => sum + point.count, 0)).toBe(live.length);
    // Up close, a record alone at its town is a point that names it.
    const torino = live.find((r) => r.title === 'La vigilia di Natale dalla Nonna Rosa')!;
    const city = await reader.get('/api/places/points?bbox=7.6,45,7.8,45.15&zoom=16&type=record');
    expect(city.json().data).toEqual([expect.objectContaining({ count: 1, id: torino.id })]);
    // A town the lexicons name too is one place, shared by the record and the items made there.
    const named = (await reader.get('/api/places?query=torino')).json().data as NamedPlace[];
    expect(named.filter((place) => place.name === 'Torino')).toHaveLength(1);
    const bellecombe = (await reader.get('/api/places?query=bellecombe')).json().data;
    expect(bellecombe).toEqual([expect.objectContaining({ name: 'Bellecombe, Savoie', count: 2 })]);
  });

  it('draws the same picture for the same choice', async () => {
    const spec = { variant: 42, caption: 'Photo : Papi Jean à Marseille', place: 0 };
    const a = await demoPicture({ ...spec, takenAt: new Date('2012-07-14T10:00:00Z') }, 1);
    const b = await demoPicture({ ...spec, takenAt: new Date('2012-07-14T10:00:00Z') }, 1);
    expect(a.jpeg.equals(b.jpeg)).toBe(true);
    expect(a.name).toBe('IMG_20120714_1001.jpg');
    const scan = await demoPicture({ ...spec, takenAt: new Date('1961-07-14T10:00:00Z') }, 2);
    expect(scan.name).toBe('scan-1961-1002.jpg');
    expect(PLACE_COORDINATES).toHaveLength(LEXICONS.fr.places.length);
  });

  it('titles items without repeating one, in grammatical phrases', () => {
    const items = [...demoItems(1200, 1)];
    const titles = items.map((item) => `${item.language}: ${item.title}`);
    expect(new Set(titles).size).toBe(titles.length);
    // A place is a phrase with its own preposition: never « de à », « from in ».
    const doubled = /\b(de|from) (à|au|aux|en|sur|chez|dans|in|at|on|by|up)\b/;
    expect(items.filter((item) => doubled.test(item.title) || doubled.test(item.plain))).toEqual(
      [],
    );
    // « de » and « que » elide before a vowel (« le mariage d’Oliver »).
    const french = items.filter((item) => item.language === 'fr');
    expect(
      french.filter((item) => / (de|que) [AEIOUÉaeioué]/.test(item.title + item.plain)),
    ).toEqual([]);
  });

  it('refuses an archive that already has items', async () => {
    await expect(seedDemo(server.ctx, { size: 10 })).rejects.toBeInstanceOf(ArchiveNotEmptyError);
    const rows = await server.ctx.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(SIZE);
  });

  it('is deterministic and renders the same sentences in every language', () => {
    const a = [...demoItems(50, 3)].map((item) => item.title + item.plain);
    const b = [...demoItems(50, 3)].map((item) => item.title + item.plain);
    expect(a).toEqual(b);
    const shape = (lexicon: Lexicon) =>
      JSON.stringify(lexicon, (_, value: unknown) =>
        typeof value === 'string' ? (value.match(/\{\w+\}/g) ?? []).sort().join() : value,
      );
    for (const language of CONTENT_LANGUAGES) {
      expect(shape(LEXICONS[language])).toBe(shape(LEXICONS.fr));
      const strings: string[] = [];
      JSON.stringify(LEXICONS[language], (_, value: unknown) => {
        if (typeof value === 'string') strings.push(value);
        return value;
      });
      expect(strings.filter((text) => /["<>&]/.test(text))).toEqual([]);
    }
  });

  it('builds a four-generation family tree with a remarriage and an adoption', async () => {
    const people = (await reader.get('/api/participants')).json() as { id: number; name: string }[];
    const id = (name: string) => people.find((p) => p.name === name)!.id;
    const tree = await reader.get(`/api/family-tree?participant=${id('Lukas Weiß')}`);
    expect(tree.statusCode, tree.body).toBe(200);
    const names = tree.json().people.map((p: { name: string }) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['Oma Gisela', 'Anneliese Weiß', 'Lena Weiß', 'Lukas Weiß']),
    );
    const giuseppe = (await reader.get(`/api/participants/${id('Giuseppe Rossi')}/family`)).json();
    expect(giuseppe.partners).toHaveLength(2);
    expect(
      giuseppe.partners.find((p: { relation: { end: unknown } }) => p.relation.end !== null),
    ).toMatchObject({ person: { name: 'Francesca Bianchi' } });
    const chloe = (await reader.get(`/api/participants/${id('Chloé Lambert')}/family`)).json();
    expect(chloe.parents[0].relation.kind).toBe('adopted');
    expect(chloe.siblings.map((s: { person: { name: string } }) => s.person.name).sort()).toEqual([
      'Noé Lambert',
      'Zoë Lambert',
    ]);
    const rosa = (await reader.get(`/api/participants/${id('Nonna Rosa')}`)).json();
    expect(rosa.life.birth).toMatchObject({
      date: { qualifier: 'between', start: { year: 1920 }, end: { year: 1922 } },
      place: { name: 'Asti', country: { code: 'IT' } },
    });
    expect(rosa.life.death.date.qualifier).toBe('after');
    const relations = await server.ctx.db
      .selectFrom('participant_relations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(relations.n)).toBe(DEMO_RELATIONS.length);
  });
});
