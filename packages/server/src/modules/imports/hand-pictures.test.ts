import { routes } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { uploadFile } from '../../test/uploads.js';
import { makeZip } from '../../test/zip-writer.js';
import { HAND_PICTURE } from './hand-pictures.js';
import { importsDb } from './repository.js';
import * as media from './test-fixtures/media.js';
import { imported } from './test-fixtures/requests.js';

/** Pictures uploaded by hand, then an imported copy of one: a near-duplicate like any other. */
describe('near-duplicates of pictures uploaded by hand', () => {
  let server: TestServer;
  let editor: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor } = await server.editorAndReader(['content.delete']));
  });
  afterAll(() => server.close());

  /** A media item holding `data` as uploaded by hand, its thumbnail made. */
  async function uploadedByHand(title: string, data: Buffer) {
    const item = await itemsApi(editor, 'media').create({ title, language: 'fr' });
    const token = (await uploadFile(editor, { name: `${title}.jpg`, type: 'image/jpeg', data }))
      .body;
    const attached = await editor.patch(routes.addFilepond.path, {
      newmedias: [token],
      modelId: item.id,
      modelType: 'media',
    });
    expect(attached.statusCode, attached.body).toBe(200);
    await server.jobsSettled();
    return item.id;
  }

  const handHashes = () =>
    importsDb(server.ctx.db)
      .selectFrom('import_identities')
      .select(['item_id', 'phash', 'import_id'])
      .where('kind', '=', HAND_PICTURE)
      .orderBy('item_id')
      .execute();

  const copyOf = (data: Buffer, width: number, quality: number) =>
    sharp(data).resize(width).jpeg({ quality }).toBuffer();

  it('lists an imported resized copy of a picture uploaded by hand, hashing it once', async () => {
    const original = await (await media.picture(41, 800)).jpeg({ quality: 90 }).toBuffer();
    const handItem = await uploadedByHand('Plage à la main', original);

    const first = await imported(
      server,
      editor,
      'copies.zip',
      makeZip([{ name: 'copies/plage.jpg', data: await copyOf(original, 320, 60) }]),
    );
    expect(first.counts).toMatchObject({ created: 1, near_duplicates: 1 });
    expect(first.near_duplicates[0]).toMatchObject({ similar_item_id: handItem });
    expect(await handHashes()).toEqual([
      { item_id: handItem, phash: expect.stringMatching(/^[01]{64}$/), import_id: null },
    ]);

    // Hashed once: a second import compares with it without hashing it again; undo leaves it.
    const second = await imported(
      server,
      editor,
      'more.zip',
      makeZip([{ name: 'more/plage-petite.jpg', data: await copyOf(original, 200, 50) }]),
    );
    expect(second.near_duplicates.map((pair) => pair.similar_item_id)).toContain(handItem);
    expect(await handHashes()).toHaveLength(1);
  });

  it('does not compare with a picture whose item is in the trash', async () => {
    const original = await (await media.picture(43, 800)).jpeg({ quality: 90 }).toBuffer();
    const handItem = await uploadedByHand('Montagne à la main', original);
    expect((await itemsApi(editor, 'media').trash(handItem)).statusCode).toBe(200);
    const report = await imported(
      server,
      editor,
      'montagne.zip',
      makeZip([{ name: 'copies/montagne.jpg', data: await copyOf(original, 320, 60) }]),
    );
    expect(report.counts).toMatchObject({ created: 1, near_duplicates: 0 });
  });
});
