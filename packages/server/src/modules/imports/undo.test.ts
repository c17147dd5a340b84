import { buildPath, routes, type Import } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { makeZip } from '../../test/zip-writer.js';
import * as media from './test-fixtures/media.js';
import { imported as importedBy } from './test-fixtures/requests.js';

const YEAR = 'Takeout/Google Photos/Photos from 2019';

function sidecar(title: string, iso: string): Buffer {
  const timestamp = String(Date.parse(iso) / 1000);
  return Buffer.from(
    JSON.stringify({ title, creationTime: { timestamp }, photoTakenTime: { timestamp } }),
  );
}

const CHAT_OPTIONS = { date_order: 'day_first', time_zone: 'Europe/Paris' };

describe('undoing an import that changed earlier imports’ items', () => {
  let server: TestServer;
  let editor: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor } = await server.editorAndReader(['content.delete']));
  });
  afterAll(() => server.close());

  const imported = (name: string, data: Buffer, fields: Record<string, string> = {}) =>
    importedBy(server, editor, name, data, fields);

  const undo = async (entry: Import) => {
    const response = await editor.post(buildPath(routes.importUndo.path, { id: entry.id }), {});
    expect(response.statusCode, response.body).toBe(200);
  };

  const liveFiles = (itemId: number) =>
    server.ctx.db
      .selectFrom('files')
      .select('name')
      .where('item_id', '=', itemId)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute();

  const item = (id: number) =>
    server.ctx.db
      .selectFrom('items')
      .select(['content', 'deleted_at', 'revisions_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const authors = async (itemId: number) =>
    (
      await server.ctx.db
        .selectFrom('item_participants')
        .innerJoin('participants', 'participants.id', 'item_participants.participant_id')
        .select('participants.name')
        .where('item_participants.item_id', '=', itemId)
        .where('item_participants.role', '=', 'from')
        .orderBy('participants.name')
        .execute()
    ).map((row) => row.name);

  it('takes back an edited copy it attached to a picture imported before', async () => {
    const original = await media.jpeg(401);
    const edited = await media.jpeg(402);
    const first = await imported(
      'takeout-1.zip',
      await makeZip([
        { name: `${YEAR}/IMG_0001.jpg`, data: original },
        {
          name: `${YEAR}/IMG_0001.jpg.json`,
          data: sidecar('IMG_0001.jpg', '2019-07-14T10:00:00Z'),
        },
      ]),
    );
    const [itemId] = first.created.media!;
    const newer = await makeZip([
      { name: `${YEAR}/IMG_0001.jpg`, data: original },
      { name: `${YEAR}/IMG_0001-edited.jpg`, data: edited },
      { name: `${YEAR}/IMG_0001.jpg.json`, data: sidecar('IMG_0001.jpg', '2019-07-14T10:00:00Z') },
    ]);
    const second = await imported('takeout-2.zip', newer);
    expect(second.created.files).toEqual([itemId]);
    expect(await liveFiles(itemId!)).toEqual([
      { name: 'IMG_0001-edited.jpg' },
      { name: 'IMG_0001.jpg' },
    ]);

    await undo(second);
    expect((await item(itemId!)).deleted_at).toBeNull();
    expect(await liveFiles(itemId!)).toEqual([{ name: 'IMG_0001.jpg' }]);

    // Forgotten by the undo: importing the newer Takeout again attaches the copy again.
    const third = await imported('takeout-2.zip', newer);
    expect(third.created.files).toEqual([itemId]);
    expect(await liveFiles(itemId!)).toHaveLength(2);
  });

  it('takes the albums it put an earlier picture in back, not those it was in already', async () => {
    const original = await media.jpeg(404);
    const edited = await media.jpeg(405);
    const json = sidecar('IMG_0002.jpg', '2019-08-01T10:00:00Z');
    const SUMMER = 'Takeout/Google Photos/Été 2019';
    const TRIP = 'Takeout/Google Photos/Voyage';
    const first = await imported(
      'takeout-albums-1.zip',
      await makeZip([
        { name: `${YEAR}/IMG_0002.jpg`, data: original },
        { name: `${YEAR}/IMG_0002.jpg.json`, data: json },
        { name: `${SUMMER}/IMG_0002.jpg`, data: original },
        { name: `${SUMMER}/IMG_0002.jpg.json`, data: json },
      ]),
    );
    const [itemId] = first.created.media!;
    const albums = async () =>
      (
        await server.ctx.db
          .selectFrom('item_categories')
          .innerJoin('categories', 'categories.id', 'item_categories.category_id')
          .select(['categories.name_en', 'categories.name_fr'])
          .where('item_categories.item_id', '=', itemId!)
          .execute()
      )
        .map((row) => row.name_fr ?? row.name_en)
        .sort();
    expect(await albums()).toEqual(['Été 2019']);
    const second = await imported(
      'takeout-albums-2.zip',
      await makeZip([
        { name: `${YEAR}/IMG_0002.jpg`, data: original },
        { name: `${YEAR}/IMG_0002.jpg.json`, data: json },
        { name: `${SUMMER}/IMG_0002.jpg`, data: original },
        { name: `${SUMMER}/IMG_0002.jpg.json`, data: json },
        { name: `${TRIP}/IMG_0002.jpg`, data: original },
        { name: `${TRIP}/IMG_0002-edited.jpg`, data: edited },
        { name: `${TRIP}/IMG_0002.jpg.json`, data: json },
      ]),
    );
    expect(second.created.files).toEqual([itemId]);
    expect(await albums()).toEqual(['Voyage', 'Été 2019']);

    await undo(second);
    expect(await albums()).toEqual(['Été 2019']);
    expect(await liveFiles(itemId!)).toEqual([{ name: 'IMG_0002.jpg' }]);
  });

  it('brings a chat day it extended back to the revision before', async () => {
    const day = [
      '12/01/2023 à 14:07 - Alice: Bonjour à tous',
      '12/01/2023 à 14:08 - Alice: Ça va ?',
    ];
    const first = await imported(
      'WhatsApp Chat with Famille.txt',
      Buffer.from(day.join('\n')),
      CHAT_OPTIONS,
    );
    const [dayItem] = first.created.message!;
    const before = await item(dayItem!);
    expect(await authors(dayItem!)).toEqual(['Alice']);

    const later = [
      ...day,
      '12/01/2023 à 18:30 - Bob: IMG-20230112-WA0001.jpg (fichier joint)',
      '12/01/2023 à 18:31 - Bob: Le gâteau',
    ].join('\n');
    const newer = await makeZip([
      { name: 'WhatsApp Chat with Famille.txt', data: Buffer.from(later) },
      { name: 'IMG-20230112-WA0001.jpg', data: await media.jpeg(403) },
    ]);
    const second = await imported('WhatsApp Chat with Famille.zip', newer, CHAT_OPTIONS);
    expect(second.status).toBe('done');
    expect(second.counts.created).toBe(0);
    const extended = await item(dayItem!);
    expect(extended.content).toContain('Le gâteau');
    expect(extended.revisions_count).toBe(before.revisions_count + 1);
    expect(await liveFiles(dayItem!)).toEqual([{ name: 'IMG-20230112-WA0001.jpg' }]);
    expect(await authors(dayItem!)).toEqual(['Alice', 'Bob']);

    await undo(second);
    const undone = await item(dayItem!);
    expect(undone.deleted_at).toBeNull();
    expect(undone.content).toBe(before.content);
    expect(await liveFiles(dayItem!)).toEqual([]);
    expect(await authors(dayItem!)).toEqual(['Alice']);

    // Its lines forgotten: the newer export extends the day again.
    await imported('WhatsApp Chat with Famille.zip', newer, CHAT_OPTIONS);
    expect((await item(dayItem!)).content).toContain('Le gâteau');
    expect(await liveFiles(dayItem!)).toHaveLength(1);
  });

  it('leaves a day it extended as it is when it was edited by hand since, and says so', async () => {
    const day = ['15/01/2023 à 09:00 - Alice: Neige ce matin'];
    const first = await imported(
      'WhatsApp Chat with Montagne.txt',
      Buffer.from(day.join('\n')),
      CHAT_OPTIONS,
    );
    const [dayItem] = first.created.message!;
    const newer = await makeZip([
      {
        name: 'WhatsApp Chat with Montagne.txt',
        data: Buffer.from(
          [...day, '15/01/2023 à 10:00 - Bob: IMG-20230115-WA0001.jpg (fichier joint)'].join('\n'),
        ),
      },
      { name: 'IMG-20230115-WA0001.jpg', data: await media.jpeg(406) },
    ]);
    const second = await imported('WhatsApp Chat with Montagne.zip', newer, CHAT_OPTIONS);
    const extended = await item(dayItem!);
    const edited = `${extended.content}<p>Note de Mamie : c’était l’hiver 2023.</p>`;
    const patch = await itemsApi(editor, 'message').update(dayItem!, { content: edited });
    expect(patch.statusCode, patch.body).toBe(200);
    const handEdited = (await item(dayItem!)).content;

    const response = await editor.send(
      'POST',
      buildPath(routes.importUndo.path, { id: second.id }),
      {},
      { headers: { 'accept-language': 'fr' } },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(
      'Tout ce que cet import avait créé est passé à la corbeille. Les éléments qu’il avait complétés et qui ont été modifiés à la main depuis restent tels quels : 1.',
    );
    // The hand edit and what it builds on (the photo the import attached) are kept.
    expect((await item(dayItem!)).content).toBe(handEdited);
    expect(await liveFiles(dayItem!)).toEqual([{ name: 'IMG-20230115-WA0001.jpg' }]);
    expect(await authors(dayItem!)).toEqual(['Alice', 'Bob']);
    // Its lines stay known: the same export again adds nothing.
    const again = await imported('WhatsApp Chat with Montagne.zip', newer, CHAT_OPTIONS);
    expect(again.counts).toMatchObject({ created: 0 });
    expect((await item(dayItem!)).content).toBe(handEdited);
  });
});
