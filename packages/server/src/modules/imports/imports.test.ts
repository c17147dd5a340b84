import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buildPath, itemRoutes, routes, type Import } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';
import { storedKeys, uploadFile } from '../../test/uploads.js';
import { removeImportLeftovers } from './job.js';
import { makeZip } from '../../test/zip-writer.js';
import * as media from './test-fixtures/media.js';
import {
  importBody,
  imported as importedBy,
  mediaCount as countMedia,
  upload,
} from './test-fixtures/requests.js';

describe('imports of photos and videos', () => {
  let server: TestServer;
  let editor: TestClient;
  let reader: TestClient;
  let admin: TestClient;
  /** content.edit only: imports, cannot undo. */
  let importer: TestClient;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-imports-test-'));

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor, reader } = await server.editorAndReader(['content.delete']));
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    await server.createUser({ email: 'importer@example.com', permissions: ['content.edit'] });
    importer = await server.loggedIn('importer@example.com');
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const imported = (
    name: string,
    data: Buffer,
    fields: Record<string, string> = {},
    client = editor,
  ) => importedBy(server, client, name, data, fields);
  const mediaCount = () => countMedia(server);

  let family: Buffer;
  const restoredIds: number[] = [];
  let first: Import;

  it('imports each format of a zip: one media item per picture or video, thumbnails, EXIF', async () => {
    family = makeZip([
      { name: 'Vacances/plage.jpg', data: await media.jpegWithExif(1) },
      { name: 'Vacances/chat.png', data: await media.png(2) },
      { name: 'Vacances/velo.webp', data: await media.webp(3) },
      { name: 'Vacances/anim.gif', data: await media.gif(4) },
      { name: 'Vacances/iphone.HEIC', data: await media.heic() },
      { name: 'Vacances/clip.mp4', data: await media.mp4() },
      { name: 'Vacances/notes.txt', data: Buffer.from('not a picture') },
      { name: '__MACOSX/Vacances/._plage.jpg', data: Buffer.from('resource fork') },
    ]);
    first = await imported('vacances.zip', family, { folder_categories: 'true', language: 'fr' });
    expect(first.status).toBe('done');
    expect(first.source_kind).toBe('photos');
    expect(first.progress).toBe(100);
    expect(first.counts).toEqual({ created: 6, existing: 0, near_duplicates: 0, skipped: 2 });
    expect(first.skipped.map((s) => s.reason)).toEqual(['unsupported', 'unsupported']);
    expect(first.created.media).toHaveLength(6);
    expect(first.created.categories).toHaveLength(1);

    const files = await server.ctx.db
      .selectFrom('files')
      .innerJoin('items', 'items.id', 'files.item_id')
      .select([
        'files.name',
        'files.mime',
        'files.thumb_key',
        'files.taken_on',
        'files.latitude',
        'items.latitude as item_latitude',
        'items.date',
        'items.content',
        'items.language',
        'items.id',
      ])
      .where('items.id', 'in', first.created.media!)
      .execute();
    const byName = new Map(files.map((file) => [file.name, file]));
    expect([...byName.keys()].sort()).toEqual(
      ['anim.gif', 'chat.png', 'clip.mp4', 'iphone.HEIC', 'plage.jpg', 'velo.webp'].sort(),
    );
    expect(byName.get('iphone.HEIC')!.mime).toBe('image/heic');
    expect(byName.get('clip.mp4')!.mime).toBe('video/mp4');
    // Every one has a thumbnail: HEIC through heic-convert, the video through a poster frame.
    for (const file of files) expect(file.thumb_key, file.name).not.toBeNull();
    const photo = byName.get('plage.jpg')!;
    expect(photo.taken_on).toBe('2001-02-03');
    expect(photo.latitude).toBeCloseTo(48.85);
    // Its position is its media item's place too.
    expect(photo.item_latitude).toBeCloseTo(48.85);
    expect(byName.get('chat.png')!.item_latitude).toBeNull();
    expect(photo.date?.slice(0, 10)).toBe('2001-02-03');
    expect(photo.content).toBe('');
    // Without EXIF: the zip entry's time, and the item says so.
    const png = byName.get('chat.png')!;
    expect(png.date?.slice(0, 10)).toBe('2020-01-02');
    expect(png.content).toContain('Daté par l’heure du fichier');
    expect(png.language).toBe('fr');

    const category = await server.ctx.db
      .selectFrom('categories')
      .select(['id', 'name_fr'])
      .where('id', '=', first.created.categories![0]!)
      .executeTakeFirstOrThrow();
    expect(category.name_fr).toBe('Vacances');
    const linked = await server.ctx.db
      .selectFrom('item_categories')
      .select('item_id')
      .where('category_id', '=', category.id)
      .execute();
    expect(linked).toHaveLength(6);
    // The uploaded source is gone once imported.
    expect(await storedKeys(server.ctx.storage.imports)).toEqual([]);
  });

  it('imports the same zip again without creating anything', async () => {
    const before = await mediaCount();
    const again = await imported('vacances.zip', family, { folder_categories: 'true' });
    expect(again.status).toBe('done');
    expect(again.counts).toEqual({ created: 0, existing: 6, near_duplicates: 0, skipped: 2 });
    expect(again.created.categories ?? []).toEqual([]);
    expect(await mediaCount()).toBe(before);
  });

  it('creates only what is new in an overlapping source, and lists near-duplicates', async () => {
    const original = await media.jpeg(10);
    const base = await imported('one.jpg', original);
    expect(base.counts.created).toBe(1);
    const resized = await sharp(original).resize(64).jpeg({ quality: 55 }).toBuffer();
    const overlap = makeZip([
      { name: 'a/one.jpg', data: original },
      { name: 'a/other.png', data: await media.png(11) },
      { name: 'a/one-small.jpg', data: resized },
    ]);
    const report = await imported('overlap.zip', overlap);
    expect(report.counts).toEqual({ created: 2, existing: 1, near_duplicates: 1, skipped: 0 });
    expect(report.near_duplicates).toHaveLength(1);
    expect(report.near_duplicates[0]!.similar_item_id).toBe(base.created.media![0]);
  });

  it('lists a near-duplicate of a picture written in the same batch as it', async () => {
    const original = await media.jpeg(20);
    const resized = await sharp(original).resize(48).jpeg({ quality: 50 }).toBuffer();
    const report = await imported(
      'batch.zip',
      makeZip([
        { name: 'b/first.jpg', data: original },
        { name: 'b/other.png', data: await media.png(21) },
        { name: 'b/first-small.jpg', data: resized },
      ]),
    );
    expect(report.counts).toEqual({ created: 3, existing: 0, near_duplicates: 1, skipped: 0 });
    const [first, , small] = report.created.media!;
    expect(report.near_duplicates).toEqual([
      {
        item_id: small,
        similar_item_id: first,
        distance: expect.any(Number) as number,
        decision: null,
      },
    ]);
  });

  it('imports each picture once when two imports of it run side by side', async () => {
    const zip = makeZip(
      await Promise.all(
        [70, 71, 72, 73].map(async (seed) => ({
          name: `twice/p${seed}.png`,
          data: await media.png(seed),
        })),
      ),
    );
    const [a, b] = await Promise.all([upload(editor, 'a.zip', zip), upload(editor, 'b.zip', zip)]);
    await server.jobsSettled();
    const reports = await Promise.all(
      [a!, b!].map(async (response) => {
        const id = response.json<{ import: Import }>().import.id;
        return (await editor.get(buildPath(routes.importStatus.path, { id }))).json<Import>();
      }),
    );
    expect(reports.map((r) => r.status)).toEqual(['done', 'done']);
    expect(reports[0]!.counts.created + reports[1]!.counts.created).toBe(4);
    expect(reports[0]!.counts.existing + reports[1]!.counts.existing).toBe(4);
  });

  it('refuses bad options and bodies with localised answers', async () => {
    admin.language = 'it';
    const badLanguage = await admin.send('POST', routes.importCreate.path, {
      path: tmp,
      language: 'xx',
    });
    expect(badLanguage.statusCode).toBe(422);
    const text = await admin.sendRaw('POST', routes.importCreate.path, 'hello', {
      'content-type': 'text/plain',
    });
    expect(text.statusCode).toBe(415);
    const notFound = await admin.send('POST', routes.importCreate.path, {
      path: '/nowhere/at/all',
    });
    expect(notFound.json<{ message: string }>().message).toBe(
      'Non c’è alcun file o cartella in questo percorso sul server.',
    );
    admin.language = 'en';
    const noFile = await upload(editor, 'x', Buffer.alloc(0));
    expect(noFile.statusCode).toBeLessThan(500);
  });

  it('does not import again a picture uploaded by hand to an item', async () => {
    const bytes = await media.png(60);
    const uploaded = await uploadFile(editor, { name: 'hand.png', type: 'image/png', data: bytes });
    expect(uploaded.statusCode).toBe(201);
    const item = await editor.post(itemRoutes.media.create.path, {
      title: 'Nonna',
      language: 'it',
    });
    const attached = await editor.patch(routes.addFilepond.path, {
      newmedias: [uploaded.body],
      modelId: item.json<{ item: { id: number } }>().item.id,
      modelType: 'media',
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const report = await imported('hand.zip', makeZip([{ name: 'copy.png', data: bytes }]));
    expect(report.counts).toEqual({ created: 0, existing: 1, near_duplicates: 0, skipped: 0 });
  });

  it('removes uploaded sources no import waits for', async () => {
    const imports = server.ctx.storage.imports;
    await imports.put('upload-orphan', Readable.from([Buffer.from('x')]));
    await removeImportLeftovers(server.ctx);
    // Younger than a day and without a row: perhaps its row is being written; kept.
    expect(await storedKeys(imports)).toEqual(['upload-orphan']);
    const old = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    vi.useFakeTimers({ now: old, toFake: ['Date'] });
    try {
      await removeImportLeftovers(server.ctx);
    } finally {
      vi.useRealTimers();
    }
    expect(await storedKeys(imports)).toEqual([]);
  });

  it('imports a single picture upload and lists imports newest first, own ones only', async () => {
    const mine = await imported('solo.webp', await media.webp(20), {}, importer);
    expect(mine.counts.created).toBe(1);
    const own = await importer.get(routes.imports.path);
    expect(own.json<{ data: Import[] }>().data.map((i) => i.id)).toEqual([mine.id]);
    const all = await admin.get(`${routes.imports.path}?per_page=2`);
    const page = all.json<{ data: Import[]; meta: { total: number } }>();
    expect(page.data[0]!.id).toBe(mine.id);
    expect(page.meta.total).toBeGreaterThanOrEqual(5);
    // Someone else's import is not found.
    const other = await importer.get(buildPath(routes.importStatus.path, { id: first.id }));
    expect(other.statusCode).toBe(404);
  });

  it('undoes an import in one step: everything it created goes to the trash', async () => {
    const url = buildPath(routes.importUndo.path, { id: first.id });
    expect((await importer.post(url)).statusCode).toBe(403);
    const undone = await editor.post(url);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<{ import: Import }>().import.status).toBe('undone');
    const live = await server.ctx.db
      .selectFrom('items')
      .select('id')
      .where('id', 'in', first.created.media!)
      .where('deleted_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    expect((await editor.post(url)).statusCode).toBe(409);
    // Restoring from the trash works as for any item.
    const restoredId = first.created.media![0]!;
    const restore = await editor.post(buildPath(itemRoutes.media.restore.path, { id: restoredId }));
    expect(restore.statusCode, restore.body).toBe(200);
    restoredIds.push(restoredId);
  });

  it('imports the undone pictures anew when they come again', async () => {
    const again = await imported('vacances.zip', family);
    // The one restored from the trash is there already; the five still in the trash come anew.
    expect(again.counts).toEqual({ created: 5, existing: 1, near_duplicates: 0, skipped: 2 });
    expect(restoredIds).toHaveLength(1);
  });

  it('refuses a reader (403) and a path from anyone but an admin', async () => {
    const refused = await upload(reader, 'x.jpg', await media.jpeg(30));
    expect(refused.statusCode).toBe(403);
    const byEditor = await editor.send('POST', routes.importCreate.path, { path: tmp });
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json<{ message: string }>().message).toBe(
      'Only an administrator can import from a path on the server.',
    );
    const missing = await admin.send('POST', routes.importCreate.path, {
      path: path.join(tmp, 'nowhere'),
    });
    expect(missing.statusCode).toBe(422);
    admin.language = 'de';
    const noFile = await admin.sendRaw(
      'POST',
      routes.importCreate.path,
      importBody('x', Buffer.alloc(0)).payload.subarray(0, 0),
      {
        'content-type': 'multipart/form-data; boundary=nothing',
      },
    );
    admin.language = 'en';
    expect([400, 422]).toContain(noFile.statusCode);
  });

  it('imports a server-side folder for an admin, with folder categories', async () => {
    const folder = path.join(tmp, 'Album de Nonna');
    fs.mkdirSync(path.join(folder, 'Noël 1999'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'Noël 1999', 'sapin.jpg'), await media.jpeg(40));
    fs.writeFileSync(path.join(folder, 'portrait.png'), await media.png(41));
    const response = await admin.send('POST', routes.importCreate.path, {
      path: folder,
      folder_categories: true,
    });
    expect(response.statusCode, response.body).toBe(202);
    await server.jobsSettled();
    const id = response.json<{ import: Import }>().import.id;
    const done = (await admin.get(buildPath(routes.importStatus.path, { id }))).json<Import>();
    expect(done.origin).toBe('path');
    expect(done.counts.created).toBe(2);
    const names = await server.ctx.db
      .selectFrom('categories')
      .select(['name_en', 'name_fr'])
      .where('id', 'in', done.created.categories!)
      .execute();
    expect(names.map((n) => n.name_en ?? n.name_fr).sort()).toEqual([
      'Album de Nonna',
      'Noël 1999',
    ]);
  });

  it('refuses an upload over the limit (413) and keeps nothing of it', async () => {
    const small = await createTestServer({ env: { UPLOAD_MAX_MB: '1' } });
    try {
      await small.createUser({ email: 'big@example.com', permissions: ['content.edit'] });
      const client = await small.loggedIn('big@example.com');
      const { payload, contentType } = importBody('big.zip', Buffer.alloc(2 * 1024 * 1024, 7));
      const response = await client.sendRaw('POST', routes.importCreate.path, payload, {
        'content-type': contentType,
      });
      expect(response.statusCode, response.body).toBe(413);
      expect(await storedKeys(small.ctx.storage.imports)).toEqual([]);
      const queued = await small.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', 'imports.run')
        .execute();
      expect(queued).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
