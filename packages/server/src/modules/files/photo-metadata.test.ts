import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { uploadFile } from '../../test/uploads.js';
import { backfillPhotoMetadata, exifDay } from './photo-metadata.js';

const canvas = { width: 64, height: 48, channels: 3, background: '#336699' } as const;

/** A JPEG taken on 12 August 1978 at 44.2° N, 12.4° E. */
function exifJpeg(): Promise<Buffer> {
  return sharp({ create: canvas })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Kinfolio' },
      IFD2: { DateTimeOriginal: '1978:08:12 14:30:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '44/1 12/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '12/1 24/1 0/1',
      },
    })
    .toBuffer();
}

const EXPECTED = { taken_on: '1978-08-12', latitude: 44.2, longitude: 12.4 };

describe('photo metadata: the day and place a photo was taken', () => {
  it('reads the camera day, and nothing from an empty or zeroed date', () => {
    expect(exifDay('1978:08:12 14:30:00')).toBe('1978-08-12');
    expect(exifDay('2001-02-03T04:05:06')).toBe('2001-02-03');
    expect(exifDay('0000:00:00 00:00:00')).toBeUndefined();
    expect(exifDay('1978:13:45 00:00:00')).toBeUndefined();
    expect(exifDay(undefined)).toBeUndefined();
  });

  describe('in a single item', () => {
    let server: TestServer;
    let dataDir: string;
    let editor: TestClient;
    let reader: TestClient;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-exif-'));
      server = await createTestServer({ env: { DATA_DIR: dataDir } });
      ({ editor, reader } = await server.editorAndReader());
    });
    afterAll(async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('gives each photo its EXIF day and GPS place, and nothing to other files', async () => {
      const withExif = await exifJpeg();
      const plain = await sharp({ create: canvas }).png().toBuffer();
      const media = await itemsApi(editor, 'media').create({ title: 'Plage', language: 'fr' });
      const ids: string[] = [];
      for (const file of [
        { name: 'exif.jpg', type: 'image/jpeg', data: withExif },
        { name: 'plain.png', type: 'image/png', data: plain },
        { name: 'note.txt', type: 'text/plain', data: Buffer.from('1978') },
      ]) {
        ids.push((await uploadFile(editor, file)).body);
      }
      const attached = await editor.patch(routes.addFilepond.path, {
        newmedias: ids,
        modelId: media.id,
        modelType: 'media',
      });
      expect(attached.statusCode, attached.body).toBe(200);

      const single = await itemsApi(reader, 'media').single(media.id);
      const byName = new Map(single.files.map((file) => [file.name, file]));
      expect(byName.get('exif.jpg')).toMatchObject(EXPECTED);
      for (const name of ['plain.png', 'note.txt']) {
        const file = byName.get(name)!;
        expect(file.taken_on).toBeUndefined();
        expect(file.latitude).toBeUndefined();
      }
      // The photo's position became the item's place (it had none), country and all.
      expect(single.place).toMatchObject({
        name: '',
        latitude: 44.2,
        longitude: 12.4,
        country: { code: 'IT' },
      });
    });

    it('leaves a place the item already has, and one the user cleared stays cleared', async () => {
      const placed = await itemsApi(editor, 'post').create({
        title: 'Chez nous',
        language: 'fr',
        place: { name: 'Strasbourg', latitude: 48.58, longitude: 7.75 },
      });
      const id = (
        await uploadFile(editor, { name: 'a.jpg', type: 'image/jpeg', data: await exifJpeg() })
      ).body;
      await editor.patch(routes.addFilepond.path, {
        newmedias: [id],
        modelId: placed.id,
        modelType: 'post',
      });
      expect((await itemsApi(reader, 'post').single(placed.id)).place?.name).toBe('Strasbourg');
      await itemsApi(editor, 'post').update(placed.id, { place: null });
      expect((await itemsApi(reader, 'post').single(placed.id)).place).toBeNull();
    });

    /** Uploads files into a new media item; answers the item and its files' rows by name. */
    async function mediaWith(files: { name: string; type: string; data: Buffer }[]) {
      const media = await itemsApi(editor, 'media').create({ title: 'Vacances', language: 'fr' });
      const ids: string[] = [];
      for (const file of files) ids.push((await uploadFile(editor, file)).body);
      const attached = await editor.patch(routes.addFilepond.path, {
        newmedias: ids,
        modelId: media.id,
        modelType: 'media',
      });
      expect(attached.statusCode, attached.body).toBe(200);
      const rows = await server.ctx.db
        .selectFrom('files')
        .selectAll()
        .where('item_id', '=', media.id)
        .execute();
      return { media, rows: new Map(rows.map((row) => [row.name, row])) };
    }

    const archiveStamp = async () => (await server.ctx.readStamps()).archive;

    it('reads them once, at upload, into the row; a read opens no file', async () => {
      const upload = await uploadFile(editor, {
        name: 'upload.jpg',
        type: 'image/jpeg',
        data: await exifJpeg(),
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const temporary = await server.ctx.db
        .selectFrom('files')
        .selectAll()
        .where('upload_token', '=', upload.body)
        .executeTakeFirstOrThrow();
      expect(temporary).toMatchObject({ ...EXPECTED, metadata_read: 1 });

      const { media, rows } = await mediaWith([
        { name: 'exif.jpg', type: 'image/jpeg', data: await exifJpeg() },
        { name: 'note.txt', type: 'text/plain', data: Buffer.from('1978') },
      ]);
      expect(rows.get('exif.jpg')).toMatchObject({ ...EXPECTED, metadata_read: 1 });
      expect(rows.get('note.txt')).toMatchObject({
        taken_on: null,
        latitude: null,
        longitude: null,
        metadata_read: 1,
      });

      // The bytes gone and the storage watched: the item still says when and where.
      await server.ctx.storage.files.delete(rows.get('exif.jpg')!.storage_key);
      const get = vi.spyOn(server.ctx.storage.files, 'get');
      try {
        const single = await itemsApi(reader, 'media').single(media.id);
        expect(single.files.find((file) => file.name === 'exif.jpg')).toMatchObject(EXPECTED);
        expect(get).not.toHaveBeenCalled();
      } finally {
        get.mockRestore();
      }
    });

    it('the backfill job reads the rows stored before, in batches, and moves the stamp', async () => {
      const { media, rows } = await mediaWith([
        { name: 'old-1.jpg', type: 'image/jpeg', data: await exifJpeg() },
        { name: 'old-2.jpg', type: 'image/jpeg', data: await exifJpeg() },
        { name: 'gone.jpg', type: 'image/jpeg', data: await exifJpeg() },
        { name: 'old.txt', type: 'text/plain', data: Buffer.from('1978') },
      ]);
      const ids = [...rows.values()].map((row) => row.id);
      // As migration 0022 leaves the rows stored before it.
      await server.ctx.db
        .updateTable('files')
        .set({ taken_on: null, latitude: null, longitude: null, metadata_read: 0 })
        .where('id', 'in', ids)
        .execute();
      await server.ctx.storage.files.delete(rows.get('gone.jpg')!.storage_key);
      const before = (await itemsApi(reader, 'media').single(media.id)).files;
      expect(before.some((file) => file.taken_on !== undefined)).toBe(false);

      const stamp = await archiveStamp();
      // Batches of 3: the first three rows, then the last one.
      expect(await backfillPhotoMetadata(server.ctx, undefined, 3)).toBe(4);
      expect(await archiveStamp()).not.toBe(stamp);

      const after = await server.ctx.db
        .selectFrom('files')
        .selectAll()
        .where('id', 'in', ids)
        .execute();
      const byName = new Map(after.map((row) => [row.name, row]));
      for (const name of ['old-1.jpg', 'old-2.jpg']) {
        expect(byName.get(name)).toMatchObject({ ...EXPECTED, metadata_read: 1 });
      }
      for (const name of ['gone.jpg', 'old.txt']) {
        expect(byName.get(name)).toMatchObject({ taken_on: null, metadata_read: 1 });
      }
      const single = await itemsApi(reader, 'media').single(media.id);
      expect(single.files.find((file) => file.name === 'old-1.jpg')).toMatchObject(EXPECTED);

      // Nothing left: the next run (every day and at each start) reads nothing.
      expect(await backfillPhotoMetadata(server.ctx)).toBe(0);
      await expect(server.ctx.jobs.enqueue('files.photo_metadata', null)).resolves.toBeTruthy();
    });
  });
});
