import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { uploadFile } from '../../test/uploads.js';
import { exifDay } from './photo-metadata.js';

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
      const canvas = { width: 64, height: 48, channels: 3, background: '#336699' } as const;
      const withExif = await sharp({ create: canvas })
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
      expect(byName.get('exif.jpg')).toMatchObject({
        taken_on: '1978-08-12',
        latitude: 44.2,
        longitude: 12.4,
      });
      for (const name of ['plain.png', 'note.txt']) {
        const file = byName.get(name)!;
        expect(file.taken_on).toBeUndefined();
        expect(file.latitude).toBeUndefined();
      }
    });
  });
});
