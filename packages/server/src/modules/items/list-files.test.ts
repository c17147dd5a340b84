import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes, type ItemType } from '@kinfolio/contract';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { uploadFile } from '../../test/uploads.js';
import { presentRows } from './present.js';
import { itemsRepository } from './repository.js';

/** Counts the queries Kysely compiles, to show a page costs the same whatever its length. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    this.count += 1;
    return node;
  }
  transformResult<T>({ result }: { result: T }): Promise<T> {
    return Promise.resolve(result);
  }
}

describe('list rows: files count and first picture', () => {
  let server: TestServer;
  let dataDir: string;
  let editor: TestClient;
  let reader: TestClient;
  let photo: Buffer;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-list-files-'));
    server = await createTestServer({ env: { DATA_DIR: dataDir } });
    ({ editor, reader } = await server.editorAndReader());
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#996633' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function attach(type: ItemType, id: number, files: { name: string; type: string }[]) {
    const ids: string[] = [];
    for (const file of files) {
      const data = file.type === 'image/jpeg' ? photo : Buffer.from('a few words');
      ids.push((await uploadFile(editor, { ...file, data })).body);
    }
    const attached = await editor.patch(routes.addFilepond.path, {
      newmedias: ids,
      modelId: id,
      modelType: type,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    // The pictures' thumbnails are made by the job queue.
    await server.jobsSettled();
    return attached.json().files as { id: number; name: string }[];
  }

  it('gives each row its files count and the thumbnail of its oldest picture', async () => {
    const album = await itemsApi(editor, 'media').create({ title: 'Album', language: 'fr' });
    const files = await attach('media', album.id, [
      { name: 'notes.txt', type: 'text/plain' },
      { name: 'one.jpg', type: 'image/jpeg' },
      { name: 'two.jpg', type: 'image/jpeg' },
    ]);
    const letter = await itemsApi(editor, 'mail').create({ title: 'Lettre', language: 'fr' });
    await attach('mail', letter.id, [{ name: 'scan.txt', type: 'text/plain' }]);
    const bare = await itemsApi(editor, 'post').create({ title: 'Sans', language: 'fr' });

    const medias = (await itemsApi(reader, 'media').list('all')).data;
    const firstPicture = files.find((f) => f.name === 'one.jpg')!;
    expect(medias.find((row) => row.id === album.id)).toMatchObject({
      files_count: 3,
      thumbnail_url: `/api/files/${firstPicture.id}?thumb=1`,
    });
    expect((await reader.get(`/api/files/${firstPicture.id}?thumb=1`)).statusCode).toBe(200);
    const mails = (await itemsApi(reader, 'mail').list('all')).data;
    expect(mails.find((row) => row.id === letter.id)).toMatchObject({
      files_count: 1,
      thumbnail_url: null,
    });
    const posts = (await itemsApi(reader, 'post').list('all')).data;
    expect(posts.find((row) => row.id === bare.id)).toMatchObject({
      files_count: 0,
      thumbnail_url: null,
    });
    const found = (await itemsApi(reader, 'media').list('search', { query: 'Album' })).data;
    expect(found[0]).toMatchObject({ id: album.id, files_count: 3 });
  });

  it('presents a page in the same number of queries for one item or twenty', async () => {
    const created: number[] = [];
    for (let i = 0; i < 20; i++) {
      const item = await itemsApi(editor, 'media').create({ title: `Photo ${i}`, language: 'it' });
      await attach('media', item.id, [{ name: `p${i}.jpg`, type: 'image/jpeg' }]);
      created.push(item.id);
    }
    const rowsOf = async (ids: number[]) =>
      Promise.all(ids.map(async (id) => (await itemsRepository(server.ctx.db).find(id))!));
    const queriesFor = async (ids: number[]) => {
      const counter = new QueryCounter();
      const rows = await rowsOf(ids);
      const presented = await presentRows(
        server.ctx.db.withPlugin(counter),
        rows.map((row) => ({ ...row, preview: '', revisions_count: 0 })),
      );
      expect(presented.every((row) => row.files_count === 1 && row.thumbnail_url)).toBe(true);
      return counter.count;
    };
    const one = await queriesFor(created.slice(0, 1));
    expect(await queriesFor(created)).toBe(one);
  });
});
