import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { importOptionsSchema, type Import, type ImportPreview } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { makeZip, type ZipEntrySpec } from '../../test/zip-writer.js';
import { withTempDir } from '../../storage/index.js';
import { SourceFindings } from './findings.js';
import { ImportRun } from './run.js';
import { openServerPath, type OpenedSource } from './source.js';
import { recogniseSource } from './sources.js';
import { takeoutSource } from './takeout.js';
import { parseMediaName, TakeoutIndex } from './takeout-sidecars.js';
import * as media from './test-fixtures/media.js';
import { imported as importedBy, mediaCount as countMedia } from './test-fixtures/requests.js';

const YEAR = 'Takeout/Google Photos/Photos from 2019';
const ALBUM = 'Takeout/Google Photos/Vacances au lac';
const LONG = 'PXL_20190714_101010123_a_very_long_name_at_the_beach.jpg';

/** A sidecar as Google writes it (its times as strings of seconds). */
function sidecar(
  title: string,
  iso: string,
  extra: { geo?: [number, number]; description?: string; people?: string[] } = {},
): Buffer {
  const seconds = String(Date.parse(iso) / 1000);
  const [latitude, longitude] = extra.geo ?? [0, 0];
  return Buffer.from(
    JSON.stringify({
      title,
      description: extra.description ?? '',
      imageViews: '3',
      creationTime: { timestamp: seconds, formatted: 'whatever' },
      photoTakenTime: { timestamp: seconds, formatted: 'whatever' },
      geoData: { latitude, longitude, altitude: 0, latitudeSpan: 0, longitudeSpan: 0 },
      ...(extra.people ? { people: extra.people.map((name) => ({ name })) } : {}),
      url: 'https://photos.google.com/photo/x',
    }),
  );
}

async function takeoutEntries(): Promise<ZipEntrySpec[]> {
  const first = await media.jpeg(101);
  const edited = await media.jpeg(102);
  return [
    { name: 'Takeout/archive_browser.html', data: Buffer.from('<html></html>') },
    // An edited copy sorts before its original; both share the original's sidecar.
    { name: `${YEAR}/IMG_0001-edited.jpg`, data: edited },
    { name: `${YEAR}/IMG_0001.jpg`, data: first },
    {
      name: `${YEAR}/IMG_0001.jpg.json`,
      data: sidecar('IMG_0001.jpg', '2019-07-14T10:00:00Z', {
        geo: [45.899247, 6.129384],
        description: "Au <b>lac</b>\nd'Annecy",
        people: ['Alice Martin', 'Bob Martin'],
      }),
    },
    // Its sidecar's name cut at 46 characters.
    { name: `${YEAR}/${LONG}`, data: await media.jpeg(103) },
    {
      name: `${YEAR}/${LONG.slice(0, 46)}.json`,
      data: sidecar(LONG, '2019-07-15T08:30:00Z'),
    },
    // `photo(1).jpg` ↔ `photo.jpg(1).json`, beside `photo.jpg` ↔ `photo.jpg.json`.
    { name: `${YEAR}/photo(1).jpg`, data: await media.jpeg(104) },
    { name: `${YEAR}/photo.jpg(1).json`, data: sidecar('photo.jpg', '2019-08-01T12:00:00Z') },
    { name: `${YEAR}/photo.jpg`, data: await media.jpeg(105) },
    { name: `${YEAR}/photo.jpg.json`, data: sidecar('photo.jpg', '2019-08-02T12:00:00Z') },
    // The newer `supplemental-metadata` names, whole and cut; 0/0 is no place.
    { name: `${YEAR}/IMG_0005.png`, data: await media.png(106) },
    {
      name: `${YEAR}/IMG_0005.png.supplemental-metadata.json`,
      data: sidecar('IMG_0005.png', '2019-09-09T09:09:09Z'),
    },
    { name: `${YEAR}/IMG_0006.jpg`, data: await media.jpeg(107) },
    {
      name: `${YEAR}/IMG_0006.jpg.supplemental-metad.json`,
      data: sidecar('IMG_0006.jpg', '2019-09-10T10:00:00Z', { geo: [-33.8568, 151.2153] }),
    },
    // A broken sidecar: the picture comes with its EXIF.
    { name: `${YEAR}/broken.jpg`, data: await media.jpegWithExif(108) },
    { name: `${YEAR}/broken.jpg.json`, data: Buffer.from('{"title": "broken.jpg", "photoTak') },
    // An album: the same bytes again, and one of its own.
    { name: `${ALBUM}/metadata.json`, data: Buffer.from('{"title": "Vacances au lac (été)"}') },
    { name: `${ALBUM}/IMG_0001-edited.jpg`, data: edited },
    { name: `${ALBUM}/IMG_0001.jpg`, data: first },
    {
      name: `${ALBUM}/IMG_0001.jpg.json`,
      data: sidecar('IMG_0001.jpg', '2019-07-14T10:00:00Z', { people: ['Alice Martin'] }),
    },
    { name: `${ALBUM}/other.jpg`, data: await media.jpeg(109) },
    {
      name: `${ALBUM}/other.jpg.json`,
      data: sidecar('other.jpg', '2019-07-16T18:00:00Z', { people: ['alice martin'] }),
    },
  ];
}

describe('Google Takeout names', () => {
  it('parses edited copies and counters', () => {
    expect(parseMediaName('IMG_0001-edited(2).jpg')).toEqual({
      original: 'IMG_0001.jpg',
      counter: 2,
      edited: true,
      uneditedName: 'IMG_0001(2).jpg',
    });
    expect(parseMediaName('a.b.jpg')).toMatchObject({ original: 'a.b.jpg', edited: false });
    expect(parseMediaName('Foto-bearbeitet.jpg')).toMatchObject({ original: 'Foto.jpg' });
  });
});

/** A source held in memory: pictures (as JPEGs by type only) and their sidecars. */
function memorySource(files: Record<string, Buffer | 'picture'>): OpenedSource {
  return {
    name: 'memory',
    close: () => undefined,
    entries: Object.entries(files).map(([name, data]) => {
      const bytes = data === 'picture' ? Buffer.from([0xff, 0xd8, 0xff]) : data;
      return {
        path: name,
        size: bytes.length,
        modified: new Date(),
        mime: data === 'picture' ? 'image/jpeg' : undefined,
        skip: data === 'picture' ? undefined : 'unsupported',
        open: () => Promise.resolve(Readable.from([bytes])),
      };
    }),
  };
}

describe('Google Takeout sidecar names', () => {
  it('finds the sidecars of cut, supplemental and counted names, never another’s', async () => {
    const long = 'Screenshot_20231231-235959_Some Long App Name.png';
    const longer = 'VID_20230101_000000_a_name_long_enough_to_be_cut_twice.mp4';
    const index = await TakeoutIndex.of(
      memorySource({
        'P/a.jpg.suppl.json': sidecar('a.jpg', '2020-01-01T00:00:00Z'),
        'P/b.jpg.s.json': sidecar('b.jpg', '2020-01-02T00:00:00Z'),
        [`P/${`${long}.supplemental-metadata`.slice(0, 46)}.json`]: sidecar(
          long,
          '2020-01-03T00:00:00Z',
        ),
        [`P/${longer.slice(0, 47)}(1).json`]: sidecar(longer, '2020-01-04T00:00:00Z'),
        'P/c.json': sidecar('c.jpg', '2020-01-05T00:00:00Z'),
        'P/d(2).jpg.json': sidecar('d(2).jpg', '2020-01-06T00:00:00Z'),
        'P/d.jpg(2).json': sidecar('d.jpg', '2020-01-07T00:00:00Z'),
        'P/e.jpg.supplemental-metadata(1).json': sidecar('e.jpg', '2020-01-08T00:00:00Z'),
      }),
    );
    const day = (name: string) => index.sidecarOf(`P/${name}`)?.date?.toISOString().slice(0, 10);
    expect(day('a.jpg')).toBe('2020-01-01');
    expect(day('a-edited.jpg')).toBe('2020-01-01');
    expect(day('b.jpg')).toBe('2020-01-02');
    expect(day(long)).toBe('2020-01-03');
    expect(day(longer.replace('.mp4', '(1).mp4'))).toBe('2020-01-04');
    expect(day(longer)).toBeUndefined();
    expect(day('c.jpg')).toBe('2020-01-05');
    // A name that really ends in `(2)` keeps its own sidecar before the counter's.
    expect(day('d(2).jpg')).toBe('2020-01-06');
    expect(day('e(1).jpg')).toBe('2020-01-08');
    expect(day('e.jpg')).toBeUndefined();
    expect(day('zz.jpg')).toBeUndefined();
    expect(index.sidecarOf('Q/a.jpg')).toBeUndefined();
  });
});

describe('imports of a Google Takeout', () => {
  let server: TestServer;
  let editor: TestClient;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-takeout-test-'));
  let zip: Buffer;
  let first: Import;

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor } = await server.editorAndReader(['content.delete']));
    zip = makeZip(await takeoutEntries());
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const imported = (name: string, data: Buffer, fields: Record<string, string> = {}) =>
    importedBy(server, editor, name, data, fields);

  /** What analyse finds in `data`, read as the import would (nothing written). */
  async function analysed(name: string, data: Buffer): Promise<ImportPreview> {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, data);
    const source = await openServerPath(file);
    try {
      expect((await recogniseSource(source))?.kind).toBe('takeout');
      const findings = new SourceFindings();
      const options = { ...importOptionsSchema.parse({}), language: 'en' as const };
      await withTempDir('import', (dir) =>
        takeoutSource.analyse(server.ctx, source, dir, findings, options),
      );
      return await findings.preview(async () => undefined);
    } finally {
      source.close();
    }
  }

  it('matches every sidecar to its picture despite Google’s renamings', async () => {
    const file = path.join(tmp, 'index.zip');
    fs.writeFileSync(file, zip);
    const source = await openServerPath(file);
    try {
      const index = await TakeoutIndex.of(source);
      const date = (name: string) => index.sidecarOf(name)?.date?.toISOString();
      expect(date(`${YEAR}/IMG_0001.jpg`)).toBe('2019-07-14T10:00:00.000Z');
      expect(date(`${YEAR}/IMG_0001-edited.jpg`)).toBe('2019-07-14T10:00:00.000Z');
      expect(date(`${YEAR}/${LONG}`)).toBe('2019-07-15T08:30:00.000Z');
      expect(date(`${YEAR}/photo(1).jpg`)).toBe('2019-08-01T12:00:00.000Z');
      expect(date(`${YEAR}/photo.jpg`)).toBe('2019-08-02T12:00:00.000Z');
      expect(date(`${YEAR}/IMG_0005.png`)).toBe('2019-09-09T09:09:09.000Z');
      expect(index.sidecarOf(`${YEAR}/IMG_0005.png`)?.place).toBeUndefined();
      expect(index.sidecarOf(`${YEAR}/IMG_0006.jpg`)?.place).toEqual({
        latitude: -33.8568,
        longitude: 151.2153,
      });
      expect(index.sidecarOf(`${YEAR}/broken.jpg`)).toBeUndefined();
      expect(index.album(ALBUM)).toBe('Vacances au lac (été)');
    } finally {
      source.close();
    }
  });

  it('analyses a Takeout without writing anything', async () => {
    const before = await countMedia(server);
    const preview = await analysed('takeout.zip', zip);
    // 8 pictures (the album's copy is the same media), the edited copy a second file.
    expect(preview.counts).toEqual({ media: 8, files: 1, participants: 2, categories: 1 });
    expect(preview.existing).toBe(0);
    expect(preview.date_from).toBe('2001-02-03T00:00:00.000Z');
    expect(preview.date_to).toBe('2019-09-10T10:00:00.000Z');
    expect(preview.people.map((p) => [p.name, p.count])).toEqual([
      ['Alice Martin', 2],
      ['Bob Martin', 1],
    ]);
    expect(await countMedia(server)).toBe(before);
  });

  it('imports pictures with their sidecars: dates, places, descriptions, people, albums', async () => {
    first = await imported('takeout-2024.zip', zip, { language: 'fr' });
    expect(first.status).toBe('done');
    expect(first.source_kind).toBe('takeout');
    // Takeout's index page is left out without a word.
    expect(first.counts).toEqual({ created: 9, existing: 0, near_duplicates: 0, skipped: 0 });
    expect(first.skipped).toEqual([]);
    expect(first.created.media).toHaveLength(8);
    expect(first.created.categories).toHaveLength(1);

    const rows = await server.ctx.db
      .selectFrom('files')
      .innerJoin('items', 'items.id', 'files.item_id')
      .select([
        'files.name',
        'files.taken_on',
        'files.latitude',
        'files.longitude',
        'items.id',
        'items.title',
        'items.date',
        'items.content',
      ])
      .where('items.id', 'in', first.created.media!)
      .execute();
    expect(rows).toHaveLength(9);
    const byName = new Map(rows.map((row) => [row.name, row]));
    const main = byName.get('IMG_0001.jpg')!;
    expect(main.date).toBe('2019-07-14T10:00:00.000Z');
    expect(main.taken_on).toBe('2019-07-14');
    expect(main.latitude).toBeCloseTo(45.899247, 5);
    expect(main.content).toContain('Au &lt;b&gt;lac&lt;/b&gt;<br');
    // The edited copy is a second file of the same media item.
    expect(byName.get('IMG_0001-edited.jpg')!.id).toBe(main.id);
    expect(first.created.files).toEqual([main.id]);
    expect(byName.get(LONG)!.date).toBe('2019-07-15T08:30:00.000Z');
    expect(byName.get('photo(1).jpg')!.date).toBe('2019-08-01T12:00:00.000Z');
    expect(byName.get('photo.jpg')!.date).toBe('2019-08-02T12:00:00.000Z');
    const noPlace = byName.get('IMG_0005.png')!;
    expect([noPlace.latitude, noPlace.longitude]).toEqual([null, null]);
    expect(noPlace.date).toBe('2019-09-09T09:09:09.000Z');
    expect(Number(byName.get('IMG_0006.jpg')!.longitude)).toBeCloseTo(151.2153, 4);
    // The broken sidecar: EXIF's day and place.
    const broken = byName.get('broken.jpg')!;
    expect(broken.date?.slice(0, 10)).toBe('2001-02-03');
    expect(broken.latitude).toBeCloseTo(48.85);

    const category = await server.ctx.db
      .selectFrom('categories')
      .select(['id', 'name_fr'])
      .where('id', '=', first.created.categories![0]!)
      .executeTakeFirstOrThrow();
    expect(category.name_fr).toBe('Vacances au lac (été)');
    const inAlbum = await server.ctx.db
      .selectFrom('item_categories')
      .select('item_id')
      .where('category_id', '=', category.id)
      .execute();
    // The year folder's copy of IMG_0001 is the album's: one media, linked to it.
    expect(inAlbum.map((row) => row.item_id).sort()).toEqual(
      [main.id, byName.get('other.jpg')!.id].sort(),
    );
    const allCategories = await server.ctx.db
      .selectFrom('item_categories')
      .select('item_id')
      .where('item_id', 'in', first.created.media!)
      .execute();
    expect(allCategories).toHaveLength(2);

    const people = await server.ctx.db
      .selectFrom('item_participants')
      .innerJoin('participants', 'participants.id', 'item_participants.participant_id')
      .select(['item_participants.item_id', 'participants.name', 'item_participants.role'])
      .where('item_participants.item_id', 'in', first.created.media!)
      .execute();
    const of = (id: number) =>
      people
        .filter((p) => p.item_id === id)
        .map((p) => `${p.role}:${p.name}`)
        .sort();
    expect(of(main.id)).toEqual(['to:Alice Martin', 'to:Bob Martin']);
    // The same person whatever the case of her name.
    expect(of(byName.get('other.jpg')!.id)).toEqual(['to:Alice Martin']);
  });

  it('counts a resumed attempt once and links the album again without duplicates', async () => {
    const before = await countMedia(server);
    const file = path.join(tmp, 'resumed.zip');
    fs.writeFileSync(file, zip);
    const source = await openServerPath(file);
    const options = { ...importOptionsSchema.parse({}), language: 'fr' as const };
    const run = new ImportRun(server.ctx, first.id, undefined, options, 'resumed.zip', [], []);
    try {
      await withTempDir('import', (dir) =>
        takeoutSource.run(run, source, dir, () => Promise.resolve()),
      );
    } finally {
      source.close();
    }
    // Everything was this import's already: counted as its own once, nothing new.
    expect(run.report.counts).toEqual({ created: 9, existing: 0, near_duplicates: 0, skipped: 0 });
    expect([...run.report.created.media!].sort()).toEqual([...first.created.media!].sort());
    expect(await countMedia(server)).toBe(before);
    const links = await server.ctx.db
      .selectFrom('item_categories')
      .select('item_id')
      .where('item_id', 'in', first.created.media!)
      .execute();
    expect(links).toHaveLength(2);
  });

  it('imports the same Takeout again without creating anything', async () => {
    const before = await countMedia(server);
    const again = await imported('takeout-2024.zip', zip);
    // Every copy is counted: the album's are there already too.
    expect(again.counts).toEqual({ created: 0, existing: 11, near_duplicates: 0, skipped: 0 });
    expect(again.created.categories ?? []).toEqual([]);
    expect(await countMedia(server)).toBe(before);
    const preview = await analysed('again.zip', zip);
    expect(preview.counts).toEqual({});
    expect(preview.existing).toBe(9);
  });

  it('adds only the new photos of an overlapping newer Takeout, in another language', async () => {
    const year = 'Takeout/Google Fotos/Fotos von 2020';
    const newer = makeZip([
      ...(await takeoutEntries()).filter((entry) => entry.name.startsWith(YEAR)),
      { name: `${year}/neu.jpg`, data: await media.jpeg(120) },
      { name: `${year}/neu.jpg.json`, data: sidecar('neu.jpg', '2020-01-01T00:00:00Z') },
    ]);
    const preview = await analysed('newer.zip', newer);
    expect(preview.counts).toEqual({ media: 1 });
    expect(preview.existing).toBe(8);
    const before = await countMedia(server);
    const report = await imported('takeout-2025.zip', newer);
    expect(report.source_kind).toBe('takeout');
    expect(report.counts).toEqual({ created: 1, existing: 8, near_duplicates: 0, skipped: 0 });
    expect(await countMedia(server)).toBe(before + 1);
    // A year folder is no album: no category.
    expect(report.created.categories ?? []).toEqual([]);
    const item = await server.ctx.db
      .selectFrom('items')
      .select('date')
      .where('id', '=', report.created.media![0]!)
      .executeTakeFirstOrThrow();
    expect(item.date).toBe('2020-01-01T00:00:00.000Z');
  });

  it('leaves a folder of pictures without sidecars to the photos source', async () => {
    const plain = makeZip([
      { name: 'Album/a.jpg', data: await media.jpeg(130) },
      { name: 'Album/notes.json', data: Buffer.from('{"title": "not a sidecar"}') },
    ]);
    const file = path.join(tmp, 'plain.zip');
    fs.writeFileSync(file, plain);
    const source = await openServerPath(file);
    try {
      expect(await takeoutSource.recognise(source)).toBe(false);
      expect((await recogniseSource(source))?.kind).toBe('photos');
    } finally {
      source.close();
    }
  });
});
