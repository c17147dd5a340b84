import { buildPath, routes, type Import } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { makeZip } from '../../test/zip-writer.js';
import { mbox, message } from './mail/test-fixtures.js';
import * as media from './test-fixtures/media.js';
import { upload } from './test-fixtures/requests.js';

const PHOTOS = 'Takeout/Google Photos/Photos from 2019';
const MAILBOX = 'Takeout/Mail/All mail Including Spam and Trash.mbox';
const CHAT = 'Takeout/WhatsApp Chat with Famille';

function sidecar(title: string, iso: string): Buffer {
  const timestamp = String(Date.parse(iso) / 1000);
  return Buffer.from(
    JSON.stringify({
      title,
      description: '',
      creationTime: { timestamp },
      photoTakenTime: { timestamp },
      geoData: { latitude: 0, longitude: 0 },
    }),
  );
}

/** A whole Takeout: Google Photos, the Gmail mailbox, and a WhatsApp export kept beside them. */
async function wholeTakeout(): Promise<Buffer> {
  const mails = mbox([
    message({
      headers: {
        From: 'Élise Martin <elise@example.com>',
        To: 'Marc <marc@example.com>',
        Subject: 'Les photos du lac',
        Date: 'Tue, 03 Feb 2004 10:20:30 +0100',
        'Message-ID': '<lac@example.com>',
        'X-Gmail-Labels': 'Famille',
      },
      text: 'Voici les photos.\n',
    }),
    message({
      headers: {
        From: 'Marc <marc@example.com>',
        To: 'elise@example.com',
        Subject: 'Merci',
        Date: 'Wed, 04 Feb 2004 08:00:00 +0000',
        'Message-ID': '<merci@example.com>',
      },
      text: 'Merci beaucoup.\n',
    }),
  ]);
  const chat = [
    '12/01/2023 à 14:07 - Alice: Bonjour à tous',
    // Marc writes mails too: one participant.
    '13/01/2023 à 09:00 - Marc: IMG-20230113-WA0001.jpg (fichier joint)',
  ].join('\n');
  return makeZip([
    { name: 'Takeout/archive_browser.html', data: Buffer.from('<html></html>') },
    { name: `${PHOTOS}/IMG_0001.jpg`, data: await media.jpeg(301) },
    { name: `${PHOTOS}/IMG_0001.jpg.json`, data: sidecar('IMG_0001.jpg', '2019-07-14T10:00:00Z') },
    { name: MAILBOX, data: mails },
    { name: `${CHAT}/WhatsApp Chat with Famille.txt`, data: Buffer.from(chat) },
    { name: `${CHAT}/IMG-20230113-WA0001.jpg`, data: await media.jpeg(302) },
    // A picture no kind before the photos claims: a media item of its own.
    { name: 'Takeout/Drive/scan.png', data: await media.png(303) },
  ]);
}

describe('a source made of several kinds', () => {
  let server: TestServer;
  let editor: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor } = await server.editorAndReader(['content.delete']));
  });
  afterAll(() => server.close());

  const participantCount = async () =>
    Number(
      (
        await server.ctx.db
          .selectFrom('participants')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const statusOf = async (id: number) =>
    (await editor.get(buildPath(routes.importStatus.path, { id }))).json<Import>();

  it('previews and imports every kind of a whole Takeout, each counted', async () => {
    const response = await upload(editor, 'takeout-20240101.zip', await wholeTakeout(), {
      preview: 'true',
      time_zone: 'Europe/Paris',
    });
    expect(response.statusCode, response.body).toBe(202);
    await server.jobsSettled();
    const id = response.json<{ import: Import }>().import.id;
    const ready = await statusOf(id);
    expect(ready.status).toBe('ready');
    expect(ready.source_kind).toBe('takeout');
    expect(ready.source_kinds).toEqual(['takeout', 'mail', 'whatsapp', 'photos']);
    expect(ready.preview?.counts).toMatchObject({ media: 2, mails: 2, messages: 2, files: 1 });
    expect(ready.preview?.people.map((person) => person.key).sort()).toEqual([
      'Alice',
      'Marc',
      'elise@example.com',
      'marc@example.com',
    ]);
    // Élise Martin, Marc (of the mails and the chat) and Alice: three participants to create.
    expect(ready.preview?.counts.participants).toBe(3);
    const participantsBefore = await participantCount();

    const started = await editor.post(buildPath(routes.importStart.path, { id }), {
      date_order: 'day_first',
      time_zone: 'Europe/Paris',
    });
    expect(started.statusCode, started.body).toBe(202);
    await server.jobsSettled();
    const done = await statusOf(id);
    expect(done.status).toBe('done');
    expect(done.created.media).toHaveLength(2);
    expect(done.created.mail).toHaveLength(2);
    expect(done.created.message).toHaveLength(2);
    expect(done.counts).toMatchObject({ created: 6, existing: 0, skipped: 0 });
    expect((await participantCount()) - participantsBefore).toBe(3);
    expect(done.skipped).toEqual([]);

    const titles = await server.ctx.db
      .selectFrom('items')
      .select(['type', 'title'])
      .where('id', 'in', [...done.created.media!, ...done.created.mail!])
      .orderBy('title')
      .execute();
    expect(titles).toEqual([
      { type: 'media', title: 'IMG_0001.jpg' },
      { type: 'mail', title: 'Les photos du lac' },
      { type: 'mail', title: 'Merci' },
      { type: 'media', title: 'scan.png' },
    ]);
    // The report names what it created by the items' titles, in one answer.
    const titleOf = (id: number) => done.created_titles[String(id)];
    expect(done.created.mail!.map(titleOf).sort()).toEqual(['Les photos du lac', 'Merci']);
    expect(done.created.media!.map(titleOf).sort()).toEqual(['IMG_0001.jpg', 'scan.png']);
    expect(done.created.message!.map(titleOf).every((title) => title?.includes('Famille'))).toBe(
      true,
    );
    const list = (await editor.get(routes.imports.path)).json<{ data: Import[] }>();
    expect(list.data.find((entry) => entry.id === id)?.created_titles).toEqual({});

    // The chat's picture is the message's file, not a media item of its own.
    const attached = await server.ctx.db
      .selectFrom('files')
      .select('name')
      .where('item_id', 'in', done.created.message!)
      .execute();
    expect(attached.map((file) => file.name)).toEqual(['IMG-20230113-WA0001.jpg']);

    // Again: nothing of any kind is created twice.
    const again = await upload(editor, 'takeout-20240101.zip', await wholeTakeout(), {
      date_order: 'day_first',
      time_zone: 'Europe/Paris',
    });
    await server.jobsSettled();
    const second = await statusOf(again.json<{ import: Import }>().import.id);
    expect(second.status).toBe('done');
    expect(second.counts).toMatchObject({ created: 0, existing: 6 });
  });
});
