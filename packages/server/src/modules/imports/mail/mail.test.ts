import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildPath, importOptionsSchema, routes, type Import } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.js';
import { ADMIN, createTestServer, type TestServer } from '../../../test/server.js';
import { storedKeys } from '../../../test/uploads.js';
import { makeZip } from '../../../test/zip-writer.js';
import * as media from '../test-fixtures/media.js';
import { imported as importedBy } from '../test-fixtures/requests.js';
import { withTempDir } from '../../../storage/index.js';
import { nameKeys } from '../../participants/index.js';
import { SourceFindings } from '../findings.js';
import { openServerPath } from '../source.js';
import { mailSource, setMaxMessageBytes } from './source.js';
import { mbox, message } from './test-fixtures.js';

const utf8Word = (text: string) => `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;

describe('imports of mail', () => {
  let server: TestServer;
  let editor: TestClient;
  let photo: Buffer;
  let first: string;
  let reply: string;

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor } = await server.editorAndReader(['content.delete']));
    photo = await media.jpeg(80);
    first = message({
      headers: {
        From: `${utf8Word('Élise Martin')} <Elise.Martin@Example.com>`,
        To: 'Marc Dupont <marc@example.com>, "Élise M." <elise.martin@example.com>',
        Cc: 'paul@example.com',
        Subject: utf8Word('Joyeux anniversaire, Mamie 🎂'),
        Date: 'Tue, 03 Feb 2004 10:20:30 +0100',
        'Message-ID': '<first@example.com>',
        'X-Gmail-Labels': 'Famille,Opened,Non lus,Inbox',
      },
      text: 'Bonjour Mamie,\nJe te souhaite un très bon anniversaire et nous pensons bien à toi.\nFrom Paris, avec tout notre amour pour toi et pour le reste de la famille.\n',
      attachments: [
        { name: 'été à la plage.jpg', type: 'image/jpeg', data: photo },
        { name: '写真の説明.txt', type: 'text/plain', data: Buffer.from('日本語') },
        { name: 'رسالة.txt', type: 'text/plain', data: Buffer.from('مرحبا') },
        { name: 'Grüße aus München.txt', type: 'text/plain', data: Buffer.from('Servus') },
      ],
    });
    reply = message({
      headers: {
        From: 'Marc Dupont <marc@example.com>',
        To: 'Elise.Martin@example.com',
        Subject: '=?ISO-8859-1?Q?R=E9ponse_=E0_ta_lettre?=',
        Date: 'Wed, 04 Feb 2004 08:00:00 +0000',
        'Message-ID': '<reply@example.com>',
        'In-Reply-To': '<first@example.com>',
        References: '<first@example.com>',
        'X-Gmail-Labels': 'Famille,Voyages',
      },
      charset: 'iso-8859-1',
      text: 'Très contente de ta lettre, nous sommes bien arrivés et la maison est très belle.',
    });
  });
  afterAll(async () => {
    setMaxMessageBytes();
    await server.close();
  });

  const imported = (name: string, data: Buffer, fields: Record<string, string> = {}) =>
    importedBy(server, editor, name, data, fields);

  const mailItems = (ids: number[]) =>
    server.ctx.db
      .selectFrom('items')
      .select(['id', 'title', 'content', 'date', 'language'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();

  const linksOf = async (itemId: number) => {
    const people = await server.ctx.db
      .selectFrom('item_participants')
      .innerJoin('participants', 'participants.id', 'item_participants.participant_id')
      .select(['participants.name', 'item_participants.role'])
      .where('item_participants.item_id', '=', itemId)
      .execute();
    const tags = await server.ctx.db
      .selectFrom('item_tags')
      .innerJoin('tags', 'tags.id', 'item_tags.tag_id')
      .select(['tags.name_en', 'tags.name_fr'])
      .where('item_tags.item_id', '=', itemId)
      .execute();
    const files = await server.ctx.db
      .selectFrom('files')
      .select(['name', 'mime', 'thumb_key', 'size'])
      .where('item_id', '=', itemId)
      .orderBy('id')
      .execute();
    return {
      from: people.filter((p) => p.role === 'from').map((p) => p.name),
      to: people
        .filter((p) => p.role === 'to')
        .map((p) => p.name)
        .sort(),
      tags: tags.map((t) => t.name_en ?? t.name_fr).sort(),
      files,
    };
  };

  let mailbox: Buffer;
  let report: Import;

  it('imports an mbox: decoded subjects, people, labels as tags, attachments, the thread', async () => {
    const untitled = message({
      headers: {
        From: 'paul@example.com',
        To: 'marc@example.com',
        Date: 'Thu, 05 Feb 2004 09:00:00 +0000',
      },
      html: '<p>See <b>you</b> soon and all the best to the family!</p><script>alert(1)</script><img src="cid:logo">',
    });
    const broken = Buffer.from([0x00, 0xff, 0x13, 0x37, 0x0a, 0xfe, 0x00, 0x0a]);
    mailbox = mbox([first, reply, broken, untitled]);
    report = await imported('All mail Including Spam and Trash.mbox', mailbox, {
      language: 'en',
    });
    expect(report.status, JSON.stringify(report.errors)).toBe('done');
    expect(report.source_kind).toBe('mail');
    expect(report.counts).toEqual({ created: 3, existing: 0, near_duplicates: 0, skipped: 1 });
    expect(report.skipped).toEqual([
      { name: 'All mail Including Spam and Trash.mbox#3', reason: 'unreadable' },
    ]);
    expect(report.created.mail).toHaveLength(3);
    const [birthday, answer, note] = await mailItems(report.created.mail!);
    expect(birthday!.title).toBe('Joyeux anniversaire, Mamie 🎂');
    expect(birthday!.language).toBe('fr');
    expect(birthday!.date).toBe('2004-02-03T09:20:30.000Z');
    // The body's `From Paris` line came back from the mbox's `>From `.
    expect(birthday!.content).toContain('From Paris');
    expect(answer!.title).toBe('Réponse à ta lettre');
    expect(answer!.content).toContain('Très contente');
    expect(answer!.content).toContain(`<a href="/mails/${birthday!.id}/profile">`);
    expect(answer!.content).toContain('En réponse à :');
    expect(note!.title).toBe('(no subject)');
    expect(note!.language).toBe('en');
    expect(note!.content).toContain('<b>you</b>');
    expect(note!.content).not.toContain('script');
    expect(note!.content).not.toContain('cid:');

    const links = await linksOf(birthday!.id);
    expect(links.from).toEqual(['Élise Martin']);
    // One participant per address: Élise's second name does not make a second person.
    expect(links.to).toEqual(['Marc Dupont', 'paul@example.com', 'Élise Martin']);
    expect(links.tags).toEqual(['Famille', 'Inbox']);
    expect(links.files.map((f) => f.name)).toEqual([
      'été à la plage.jpg',
      '写真の説明.txt',
      'رسالة.txt',
      'Grüße aus München.txt',
    ]);
    expect(links.files[0]!.mime).toBe('image/jpeg');
    expect(links.files[0]!.thumb_key).not.toBeNull();
    expect(links.files[0]!.size).toBe(photo.length);
    expect(links.files[1]!.thumb_key).toBeNull();
    const answerLinks = await linksOf(answer!.id);
    expect(answerLinks.from).toEqual(['Marc Dupont']);
    expect(answerLinks.to).toEqual(['Élise Martin']);
    expect(answerLinks.tags).toEqual(['Famille', 'Voyages']);
    expect(report.created.tags).toHaveLength(3);
    const stored = await storedKeys(server.ctx.storage.files);
    expect(stored.length).toBeGreaterThanOrEqual(5);
  });

  it('analyses a mailbox without writing: counts, dates, people, what is there already', async () => {
    const news = message({
      headers: {
        From: 'Zoé <zoe@example.com>',
        To: 'Marc Dupont <marc@example.com>, Élise Martin <ELISE.MARTIN@example.com>',
        Subject: 'Nouvelles',
        Date: 'Mon, 01 Mar 2010 10:00:00 +0000',
        'Message-ID': '<news@example.com>',
        'X-Gmail-Labels': 'Famille,Cousins',
      },
      text: 'Coucou !',
      attachments: [{ name: 'a.txt', type: 'text/plain', data: Buffer.from('a') }],
    });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-mail-analyse-'));
    try {
      const file = path.join(tmp, 'Inbox');
      fs.writeFileSync(file, mbox([first, news]));
      const source = await openServerPath(file);
      const findings = new SourceFindings();
      const before = await storedKeys(server.ctx.storage.files);
      await withTempDir('test', (dir) =>
        mailSource.analyse(server.ctx, source, dir, findings, {
          ...importOptionsSchema.parse({}),
          language: 'en',
        }),
      );
      const preview = await findings.preview(async (name) => {
        const row = await server.ctx.db
          .selectFrom('participants')
          .select(['id', 'name'])
          .where('name', '=', name)
          .executeTakeFirst();
        return row;
      });
      expect(preview.counts).toEqual({ mails: 1, files: 1, participants: 1, tags: 1 });
      expect(preview.existing).toBe(1);
      expect(preview.date_from).toBe('2010-03-01T10:00:00.000Z');
      const byKey = Object.fromEntries(preview.people.map((p) => [p.key, p]));
      expect(Object.keys(byKey).sort()).toEqual([
        'elise.martin@example.com',
        'marc@example.com',
        'zoe@example.com',
      ]);
      expect(byKey['marc@example.com']!.participant_name).toBe('Marc Dupont');
      expect(byKey['zoe@example.com']!.participant_id).toBeNull();
      expect(await storedKeys(server.ctx.storage.files)).toEqual(before);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('creates nothing when the same mailbox comes again', async () => {
    const again = await imported('All mail Including Spam and Trash.mbox', mailbox);
    expect(again.counts).toEqual({ created: 0, existing: 3, near_duplicates: 0, skipped: 1 });
    expect(again.created.tags ?? []).toEqual([]);
  });

  it('adds only the new mails of an overlapping gzipped mailbox', async () => {
    const later = message({
      headers: {
        From: 'Marc Dupont <marc@example.com>',
        To: 'paul@example.com',
        // An Italian answer under a French subject: the body tells the language.
        Subject: 'Re: Les nouvelles de la famille',
        Date: 'Fri, 06 Feb 2004 12:00:00 +0000',
        'Message-ID': '<later@example.com>',
      },
      text: 'Grazie Paolo! Le foto sono bellissime.',
    });
    const now = new Date().toISOString();
    const paolo = await server.ctx.db
      .insertInto('participants')
      .values({ ...nameKeys('Paolo'), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-mail-gz-'));
    const file = path.join(tmp, 'Inbox.mbox.gz');
    fs.writeFileSync(file, gzipSync(mbox([first, later])));
    await server.createAdmin();
    const admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    // A server-side path (the CLI's way), and the user said paul@example.com is Paolo.
    const response = await admin.send('POST', routes.importCreate.path, {
      path: file,
      people: { 'paul@example.com': paolo.id },
    });
    expect(response.statusCode, response.body).toBe(202);
    await server.jobsSettled();
    const id = response.json<{ import: Import }>().import.id;
    const result = (await admin.get(buildPath(routes.importStatus.path, { id }))).json<Import>();
    fs.rmSync(tmp, { recursive: true, force: true });
    expect(result.status).toBe('done');
    expect(result.counts).toEqual({ created: 1, existing: 1, near_duplicates: 0, skipped: 0 });
    const [ciao] = await mailItems(result.created.mail!);
    expect(ciao!.title).toBe('Re: Les nouvelles de la famille');
    expect(ciao!.language).toBe('it');
    expect(ciao!.date).toBe('2004-02-06T12:00:00.000Z');
    expect((await linksOf(ciao!.id)).to).toEqual(['Paolo']);
  });

  it('imports a zip of .eml messages, and a Thunderbird mailbox without extension', async () => {
    const letter = message({
      headers: {
        From: 'Oma <oma@example.de>',
        To: 'paul@example.com',
        Subject: 'Brief',
        Date: 'Sat, 07 Feb 2004 12:00:00 +0000',
        'Message-ID': '<brief@example.de>',
      },
      text: 'Lieber Paul, wir sind nicht zu Hause, aber wir denken an dich und an die Kinder.',
    });
    const zip = makeZip([
      { name: 'lettres/brief.eml', data: Buffer.from(letter.replace(/\n/g, '\r\n')) },
      { name: 'lettres/reponse.eml', data: Buffer.from(reply) },
      { name: 'lettres/notes.txt', data: Buffer.from('just notes: nothing to see') },
    ]);
    const result = await imported('lettres.zip', zip);
    expect(result.source_kind).toBe('mail');
    expect(result.counts).toEqual({ created: 1, existing: 1, near_duplicates: 0, skipped: 1 });
    const [brief] = await mailItems(result.created.mail!);
    expect(brief!.title).toBe('Brief');
    expect(brief!.language).toBe('de');
    expect((await linksOf(brief!.id)).from).toEqual(['Oma']);

    const profile = makeZip([
      { name: 'Mail/Local Folders/Inbox', data: mbox([letter]) },
      {
        name: 'Mail/Local Folders/Inbox.msf',
        data: Buffer.from('// <!-- <mdb:mork:z v="1.4"/> -->'),
      },
    ]);
    const thunderbird = await imported('profile.zip', profile);
    expect(thunderbird.source_kind).toBe('mail');
    expect(thunderbird.counts).toMatchObject({ created: 0, existing: 1 });
  });

  it('refuses an mbox that is not one, in the reader’s language, and writes nothing', async () => {
    const before = await server.ctx.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    editor.language = 'fr';
    const refused = await imported('Boîte.mbox', Buffer.from([0x00, 0x01, 0xfe, 0x42, 0x0a, 0x99]));
    editor.language = 'en';
    expect(refused.status).toBe('failed');
    expect(refused.errors).toEqual([
      '« Boîte.mbox » porte le nom d’une boîte mail mais n’en est pas une (un mbox commence par une ligne « From »). Rien n’a été importé.',
    ]);
    const after = await server.ctx.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const gz = await imported('Old.mbox.gz', gzipSync(Buffer.from('not a mailbox at all')));
    expect(gz.status).toBe('failed');
  });

  it('skips a message over the size cap and imports the others', async () => {
    setMaxMessageBytes(64 * 1024);
    try {
      const big = message({
        headers: {
          From: 'paul@example.com',
          Subject: 'Big',
          'Message-ID': '<big@example.com>',
        },
        text: 'x'.repeat(200 * 1024),
      });
      const small = message({
        headers: {
          From: 'paul@example.com',
          Subject: 'Small',
          'Message-ID': '<small@example.com>',
        },
        text: 'small',
      });
      const result = await imported('sizes.mbox', mbox([big, small]));
      expect(result.counts).toEqual({ created: 1, existing: 0, near_duplicates: 0, skipped: 1 });
      expect(result.skipped).toEqual([{ name: 'sizes.mbox#1', reason: 'too_large' }]);
      const eml = await imported('big.eml', Buffer.from(big));
      expect(eml.source_kind).toBe('mail');
      expect(eml.skipped).toEqual([{ name: 'big.eml', reason: 'too_large' }]);
    } finally {
      setMaxMessageBytes();
    }
  });

  it('undoes a mail import: its mails go to the trash', async () => {
    const undone = await editor.post(buildPath(routes.importUndo.path, { id: report.id }));
    expect(undone.statusCode, undone.body).toBe(200);
    const live = await server.ctx.db
      .selectFrom('items')
      .select('id')
      .where('id', 'in', report.created.mail!)
      .where('deleted_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });
});
