import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildPath,
  ITEM_LIMITS,
  routes,
  type Import,
  type ImportOptions,
} from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.js';
import { ADMIN, createTestServer, type TestServer } from '../../../test/server.js';
import { makeZip } from '../../../test/zip-writer.js';
import { withTempDir } from '../../../storage/index.js';
import { SourceFindings } from '../findings.js';
import { nameKeys } from '../../participants/index.js';
import { importsDb } from '../repository.js';
import { openServerPath } from '../source.js';
import * as media from '../test-fixtures/media.js';
import { whatsappSource } from './whatsapp.js';

const LRM = '\u200e';

/** Android, French phone: day first (13/01 tells), "à", a multi-line message, media. */
const androidFr = [
  '12/01/2023 à 14:05 - Les messages et les appels sont chiffrés de bout en bout. Personne en dehors de cette discussion, pas même WhatsApp, ne peut les lire ou les écouter.',
  '12/01/2023 à 14:05 - Alice a créé le groupe "Famille"',
  '12/01/2023 à 14:06 - Alice a ajouté Bob',
  '12/01/2023 à 14:07 - Alice: Bonjour à tous',
  'sur deux lignes <b>gras</b>',
  '12/01/2023 à 14:08 - Bob: <Médias omis>',
  '13/01/2023 à 09:00 - Bob: IMG-20230113-WA0001.jpg (fichier joint)',
  'Le sapin <3',
  '13/01/2023 à 09:01 - Alice: Belle photo',
  '13/01/2023 à 09:01 - Alice: ok',
  '13/01/2023 à 09:01 - Alice: ok',
].join('\r\n');

/** iOS, English phone: every day ≤ 12, so the order is asked; system lines under the group's name. */
const iosEn = [
  `[12/01/2023, 10:00:00] Family: ${LRM}Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.`,
  `[12/01/2023, 10:00:00] Family: ${LRM}Alice created group “Family”`,
  `[12/01/2023, 10:00:05] Family: ${LRM}Alice added Bob`,
  '[12/01/2023, 10:01:00] Alice: Hello everyone',
  `[12/01/2023, 10:02:00] Bob: ${LRM}<attached: 00000003-PHOTO-2023-01-12-10-00-00.jpg>`,
  `[12/01/2023, 10:03:00] Bob: ${LRM}image omitted`,
  '[11/02/2023, 08:30:00] Alice: Second day',
].join('\n');

/** Android, English (US) phone, month first (1/13 tells), the text alone. */
const androidEn = (extra: string[] = []) =>
  [
    '1/12/23, 9:15 PM - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.',
    '1/12/23, 9:15 PM - Bob: Hi <Media omitted>',
    '1/13/23, 8:00 AM - Carol: Good morning',
    '1/13/23, 8:01 AM - Bob: How are you?',
    ...extra,
  ].join('\n');

/** iOS, French phone, the text alone (no media). */
const iosFr = [
  `[13/03/2023 18:00:00] Mamie: ${LRM}Les messages et les appels sont chiffrés de bout en bout.`,
  '[13/03/2023 18:01:00] Mamie: Coucou',
  `[13/03/2023 18:02:00] Léa: ${LRM}image omise`,
].join('\n');

describe('WhatsApp imports', () => {
  let server: TestServer;
  let admin: TestClient;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-whatsapp-test-'));

  beforeAll(async () => {
    server = await createTestServer();
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const write = (name: string, data: Buffer | string) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, data);
    return file;
  };

  /** An import of a server-side path (admins: every option as JSON), once its job settled. */
  const imported = async (file: string, options: Partial<ImportOptions> = {}): Promise<Import> => {
    const response = await admin.send('POST', routes.importCreate.path, { path: file, ...options });
    expect(response.statusCode, response.body).toBe(202);
    await server.jobsSettled();
    const id = response.json<{ import: Import }>().import.id;
    return (await admin.get(buildPath(routes.importStatus.path, { id }))).json<Import>();
  };

  const items = (ids: number[] = []) =>
    server.ctx.db
      .selectFrom('items')
      .select(['id', 'type', 'title', 'content', 'date', 'language', 'revisions_count'])
      .where('id', 'in', ids.length ? ids : [0])
      .orderBy('date')
      .execute();

  const authorsOf = async (itemId: number) =>
    (
      await server.ctx.db
        .selectFrom('item_participants')
        .innerJoin('participants', 'participants.id', 'item_participants.participant_id')
        .select('participants.name')
        .where('item_participants.item_id', '=', itemId)
        .where('item_participants.role', '=', 'from')
        .execute()
    )
      .map((row) => row.name)
      .sort();

  const analysed = async (file: string, options: Partial<ImportOptions> = {}) => {
    const source = await openServerPath(file);
    try {
      const findings = new SourceFindings();
      await withTempDir('import', (dir) =>
        whatsappSource.analyse(server.ctx, source, dir, findings, {
          folder_categories: false,
          preview: false,
          people: {},
          one_item_per: 'day',
          language: 'en',
          ...options,
        }),
      );
      // People matched by name, as the import's preview matches them.
      return findings.preview((name) =>
        server.ctx.db
          .selectFrom('participants')
          .select(['id', 'name'])
          .where('name_lower', '=', nameKeys(name).name_lower)
          .executeTakeFirst(),
      );
    } finally {
      source.close();
    }
  };

  let androidZip: string;
  let photo: Buffer;

  it('imports an Android export in French (zip with a photo): one item per day, authors, media', async () => {
    photo = await media.jpeg(31);
    androidZip = write(
      'WhatsApp Famille.zip',
      makeZip([
        { name: 'Discussion WhatsApp avec Famille.txt', data: Buffer.from(androidFr) },
        { name: 'IMG-20230113-WA0001.jpg', data: photo },
      ]),
    );
    const preview = await analysed(androidZip);
    // Messages: the items the import creates (a day each), as its report counts them.
    expect(preview.counts).toEqual({
      messages: 2,
      message_days: 2,
      message_lines: 6,
      files: 1,
      participants: 2,
    });
    expect(preview.people.map((p) => p.key).sort()).toEqual(['Alice', 'Bob']);
    expect(preview.questions).toEqual(['time_zone']);
    expect(preview.date_from?.slice(0, 10)).toBe('2023-01-12');

    const report = await imported(androidZip, { time_zone: 'Europe/Paris', language: 'fr' });
    expect(report.source_kind).toBe('whatsapp');
    expect(report.status, JSON.stringify(report.errors)).toBe('done');
    expect(report.counts).toMatchObject({ created: 2, existing: 0 });
    const [first, second] = await items(report.created.message);
    expect(first!.type).toBe('message');
    expect(first!.title).toBe('Famille — 12 janvier 2023');
    // 14:05 in Paris in winter is 13:05 UTC.
    expect(first!.date).toBe('2023-01-12T13:05:00.000Z');
    expect(first!.content).toContain(
      '<p><strong>14:07 Alice</strong>: Bonjour à tous<br />sur deux lignes &lt;b&gt;gras&lt;/b&gt;</p>',
    );
    expect(first!.content).toContain('<em>14:06 Alice a ajouté Bob</em>');
    expect(first!.content).toContain('&lt;Médias omis&gt;');
    expect(first!.content).not.toContain('fuseau horaire du serveur');
    expect(await authorsOf(first!.id)).toEqual(['Alice', 'Bob']);
    const files = await server.ctx.db
      .selectFrom('files')
      .select(['id', 'name', 'mime', 'thumb_key'])
      .where('item_id', '=', second!.id)
      .execute();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: 'IMG-20230113-WA0001.jpg', mime: 'image/jpeg' });
    expect(files[0]!.thumb_key).not.toBeNull();
    expect(second!.content).toContain(`<img src="/api/files/${files[0]!.id}"`);
    // The caption written under the picture stays with it (escaped like any chat text).
    expect(second!.content).toMatch(/<img [^>]+><br \/>Le sapin &lt;3<\/p>/);
    // Two "ok" in the same minute are two messages.
    expect(second!.content.match(/Alice<\/strong>: ok/g)).toHaveLength(2);
    // No participant for the system lines.
    const names = (await server.ctx.db.selectFrom('participants').select('name').execute()).map(
      (row) => row.name,
    );
    expect(names.sort()).toEqual(['Alice', 'Bob']);
  });

  it('creates nothing when the same export is imported again', async () => {
    const again = await imported(androidZip, { time_zone: 'Europe/Paris', language: 'fr' });
    expect(again.status).toBe('done');
    expect(again.counts).toMatchObject({ created: 0, existing: 2 });
    const preview = await analysed(androidZip);
    expect(preview.counts).toEqual({});
    // The two days' items, as the report counts them.
    expect(preview.existing).toBe(2);
  });

  it('imports an iOS export in English, asking the day/month order, and maps an author', async () => {
    const zip = write(
      'WhatsApp Chat - Family.zip',
      makeZip([
        { name: '_chat.txt', data: Buffer.from(iosEn) },
        { name: '00000003-PHOTO-2023-01-12-10-00-00.jpg', data: await media.jpeg(32) },
      ]),
    );
    const preview = await analysed(zip);
    expect(preview.questions.sort()).toEqual(['date_order', 'time_zone']);
    expect(preview.people.map((p) => p.key).sort()).toEqual(['Alice', 'Bob']);
    // Alice and Bob are participants already.
    expect(preview.counts.participants).toBeUndefined();

    const grandpa = await server.ctx.db
      .insertInto('participants')
      .values({
        ...nameKeys('Grandpa Bob'),
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const report = await imported(zip, {
      date_order: 'month_first',
      time_zone: 'UTC',
      people: { Bob: grandpa.id },
    });
    expect(report.status, JSON.stringify(report.errors)).toBe('done');
    expect(report.counts.created).toBe(2);
    const [november, december] = await items(report.created.message);
    // Month first: 12/01 is the 1st of December, 11/02 the 2nd of November.
    expect(november!.date).toBe('2023-11-02T08:30:00.000Z');
    expect(december!.date).toBe('2023-12-01T10:00:00.000Z');
    expect(december!.title).toBe('Family — December 1, 2023');
    expect(december!.content).toContain('<em>10:00 Alice created group “Family”</em>');
    expect(december!.content).not.toContain('end-to-end');
    expect(december!.content).toContain('<strong>10:03 Bob</strong>: image omitted');
    expect(december!.content).toMatch(/<img src="\/api\/files\/\d+" alt="00000003-PHOTO/);
    expect(await authorsOf(december!.id)).toEqual(['Alice', 'Grandpa Bob']);
    const family = await server.ctx.db
      .selectFrom('participants')
      .select('id')
      .where('name', '=', 'Family')
      .executeTakeFirst();
    expect(family).toBeUndefined();
  });

  it('guesses the order when nobody answers and says so, reads times in the server zone', async () => {
    const file = write('_chat.txt', iosEn.replace(/Family/g, 'Cousins'));
    const report = await imported(file, { language: 'en' });
    expect(report.status).toBe('done');
    const [first] = await items(report.created.message);
    expect(first!.content).toContain('was guessed');
    expect(first!.content).toContain('server’s time zone');
    expect(first!.title.startsWith('Cousins — ')).toBe(true);
  });

  it('imports an iOS export in French and an Android one in English, text alone', async () => {
    const fr = await imported(write('_chat.txt', iosFr), { time_zone: 'Europe/Paris' });
    expect(fr.status).toBe('done');
    const [day] = await items(fr.created.message);
    expect(day!.title).toBe('Mamie — March 13, 2023');
    expect(day!.content).not.toContain('chiffrés');
    expect(day!.content).toContain('<strong>18:01 Mamie</strong>: Coucou');
    expect(day!.content).toContain('<strong>18:02 Léa</strong>: image omise');

    const en = await imported(write('WhatsApp Chat with Bob.txt', androidEn()), {
      time_zone: 'America/New_York',
    });
    expect(en.status).toBe('done');
    const [first, second] = await items(en.created.message);
    // 9:15 PM in New York in January is 02:15 UTC the next day.
    expect(first!.date).toBe('2023-01-13T02:15:00.000Z');
    expect(first!.title).toBe('Bob — January 12, 2023');
    expect(first!.content).toContain('<strong>21:15 Bob</strong>: Hi &lt;Media omitted&gt;');
    expect(second!.title).toBe('Bob — January 13, 2023');
    expect(await authorsOf(second!.id)).toEqual(['Bob', 'Carol']);
  });

  it('adds the new days of a newer export and extends its last day, with a revision', async () => {
    const newer = androidEn(['1/13/23, 8:05 AM - Carol: Fine', '1/14/23, 10:00 AM - Bob: Bye']);
    const report = await imported(write('WhatsApp Chat with Bob.txt', newer), {
      time_zone: 'America/New_York',
    });
    expect(report.status).toBe('done');
    expect(report.counts).toMatchObject({ created: 1, existing: 2 });
    const all = await server.ctx.db
      .selectFrom('items')
      .select(['id', 'title', 'content', 'revisions_count'])
      .where('title', 'like', 'Bob — %')
      .orderBy('date')
      .execute();
    expect(all.map((item) => item.title)).toEqual([
      'Bob — January 12, 2023',
      'Bob — January 13, 2023',
      'Bob — January 14, 2023',
    ]);
    const extended = all[1]!;
    expect(extended.revisions_count).toBe(1);
    expect(extended.content.indexOf('How are you?')).toBeLessThan(extended.content.indexOf('Fine'));
    expect(extended.content.match(/Good morning/g)).toHaveLength(1);
    // Once more: nothing.
    const again = await imported(write('WhatsApp Chat with Bob.txt', newer), {
      time_zone: 'America/New_York',
    });
    expect(again.counts).toMatchObject({ created: 0, existing: 3 });
  });

  it('imports one item per message when asked, and not the lines already there', async () => {
    const chat = [
      '02/05/2024, 10:00 - Zoé: Un',
      '02/05/2024, 10:01 - Zoé: Deux',
      '25/05/2024, 11:00 - Paul: Trois',
    ].join('\n');
    const file = write('WhatsApp Chat with Zoé.txt', chat);
    const asked = { one_item_per: 'message', time_zone: 'UTC' } as const;
    expect((await analysed(file, asked)).counts).toMatchObject({ messages: 3, message_days: 2 });
    const report = await imported(file, asked);
    expect(report.counts.created).toBe(3);
    const rows = await items(report.created.message);
    expect(rows.map((row) => row.date)).toEqual([
      '2024-05-02T10:00:00.000Z',
      '2024-05-02T10:01:00.000Z',
      '2024-05-25T11:00:00.000Z',
    ]);
    expect(rows[0]!.title).toBe('Zoé — May 2, 2024 at 10:00 AM');
    const again = await analysed(file, { time_zone: 'UTC' });
    expect(again.counts).toEqual({});
    expect(again.existing).toBe(2);
    const byDay = await imported(file, { time_zone: 'UTC' });
    expect(byDay.counts).toMatchObject({ created: 0, existing: 2 });
  });

  it('keeps a very long day in one item, read in batches', async () => {
    const lines = Array.from(
      { length: 5_003 },
      (_, i) =>
        `07/06/2022, ${String(Math.floor(i / 60) % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')} - Noé: message ${i}`,
    );
    const report = await imported(write('WhatsApp Chat with Noé.txt', lines.join('\n')), {
      time_zone: 'UTC',
      date_order: 'day_first',
    });
    expect(report.status).toBe('done');
    expect(report.counts.created).toBe(1);
    const [day] = await items(report.created.message);
    expect(day!.content.match(/<p>/g)).toHaveLength(5_003);
    expect(day!.content).toContain('message 5002');
  });

  it('continues a day in another item once its item holds what an item may', async () => {
    const words = 'des nouvelles de la mer et du jardin '.repeat(500);
    const lines = Array.from(
      { length: 120 },
      (_, i) =>
        `08/06/2022, ${String(8 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')} - Zoé: ${i} ${words}`,
    );
    const file = write('WhatsApp Chat with Zoé.txt', lines.join('\n'));
    const report = await imported(file, { time_zone: 'UTC', date_order: 'day_first' });
    expect(report.status).toBe('done');
    const days = await items(report.created.message);
    expect(days.length).toBeGreaterThan(1);
    for (const day of days) {
      expect(day.content.length).toBeLessThanOrEqual(ITEM_LIMITS.contentMaxLength);
      expect(day.title).toContain('Zoé');
    }
    const all = days.map((day) => day.content).join('');
    for (const i of [0, 59, 60, 119]) expect(all).toContain(`${i} des nouvelles`);
    const again = await imported(file, { time_zone: 'UTC', date_order: 'day_first' });
    expect(again.counts.created).toBe(0);
  });

  it('imports anew what an undone import had created', async () => {
    const file = write('WhatsApp Chat with Undo.txt', '02/03/2021, 10:00 - Ana: Salut\n');
    const first = await imported(file, { time_zone: 'UTC' });
    expect(first.counts.created).toBe(1);
    const undone = await admin.post(buildPath(routes.importUndo.path, { id: first.id }), {});
    expect(undone.statusCode, undone.body).toBe(200);
    const again = await imported(file, { time_zone: 'UTC' });
    expect(again.counts).toMatchObject({ created: 1, existing: 0 });
    expect(again.created.message![0]).not.toBe(first.created.message![0]);
  });

  it('refuses an unknown time zone, writing nothing', async () => {
    const before = await importsDb(server.ctx.db)
      .selectFrom('import_identities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // Refused at the door (422 naming the field) before any import is recorded.
    const response = await admin.send('POST', routes.importCreate.path, {
      path: write('WhatsApp Chat with Ana.txt', androidEn()),
      time_zone: 'Mars/Olympus',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['time_zone']);
    const after = await importsDb(server.ctx.db)
      .selectFrom('import_identities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('does not take pictures or other text for a chat', async () => {
    const notChat = write('notes.txt', 'Shopping list\nmilk\n12/01/2023 is a date\n');
    const source = await openServerPath(notChat);
    try {
      expect(await whatsappSource.recognise(source)).toBe(false);
    } finally {
      source.close();
    }
    const pictures = write('pictures.zip', makeZip([{ name: 'a.jpg', data: photo }]));
    const zip = await openServerPath(pictures);
    try {
      expect(await whatsappSource.recognise(zip)).toBe(false);
    } finally {
      zip.close();
    }
  });
});
