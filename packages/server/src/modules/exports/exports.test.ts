import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { routes, type ExportInfo } from '@kinfolio/contract';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, readZip } from '../../test/archives.js';
import type { TestClient } from '../../test/client.js';
import { itemsApi, linkTargets } from '../../test/items-api.js';
import { startTestS3 } from '../../test/s3.js';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';
import { uploadFile } from '../../test/uploads.js';

const s3 = await startTestS3();
afterAll(() => s3.close());

/** Local folders (the default), or every byte in a bucket. */
const storages: [string, () => Promise<Record<string, string>>][] = [
  ['local storage', () => Promise.resolve({})],
  ['S3 storage', async () => s3.env(await s3.bucket())],
];

describe.each(storages)('exports and the downloads list on %s', (_name, storageEnv) => {
  let server: TestServer;
  let dataDir: string;
  let admin: TestClient;
  let editor: TestClient;
  let reader: TestClient;
  const ids = {} as Record<
    | 'ada'
    | 'omar'
    | 'tag'
    | 'root'
    | 'child'
    | 'grandchild'
    | 'other'
    | 'letter'
    | 'arabic'
    | 'script'
    | 'elsewhere'
    | 'trashed',
    number
  >;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-exports-'));
    server = await createTestServer({
      env: { DATA_DIR: dataDir, JOB_POLL_MS: '50', ...(await storageEnv()) },
    });
    ({ editor, reader } = await server.editorAndReader());
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);

    const links = linkTargets(admin);
    ids.ada = await links.participant('Ada Lovelace');
    ids.omar = await links.participant('عمر الخيّام');
    // A life and a relation: the JSON export carries the family.
    await admin.patch(`/api/participants/${ids.ada}`, {
      surname: 'Lovelace',
      birth: { date: { qualifier: 'exact', start: { year: 1815, month: 12, day: 10 } } },
    });
    const byron = await admin.post('/api/participants', { name: 'Lord Byron' });
    await admin.post(`/api/participants/${ids.ada}/relations`, {
      type: 'parent',
      participant_id: byron.json().participant.id,
    });
    ids.tag = await links.tag('Été');
    ids.root = await links.category('Famille');
    ids.child = await links.category('Cousins', ids.root);
    ids.grandchild = await links.category('Petits-cousins', ids.child);
    ids.other = await links.category('Ailleurs');

    const mails = itemsApi(admin, 'mail');
    const letter = await mails.create({
      title: 'Lettre de l’été, "chère" <amie>',
      content: '<p>Bonjour, ma chère,</p><p>Ligne deux, avec « guillemets » et "quotes"</p>',
      language: 'fr',
      date: '1954-06-12',
      from: [ids.ada],
      to: [ids.omar],
      tags: [ids.tag],
      categories: [ids.grandchild],
      place: { name: 'Lourmarin', latitude: 43.7646, longitude: 5.3626 },
    });
    ids.letter = letter.id;
    const arabic = await mails.create({
      title: 'رسالة الصيف',
      content: '<p>مرحبا يا صديقي</p>',
      language: 'ar',
      parent_id: letter.id,
    });
    ids.arabic = arabic.id;
    const token = (
      await uploadFile(admin, {
        name: 'scan été.txt',
        type: 'text/plain',
        data: Buffer.from('les mots du scan'),
      })
    ).body;
    const attached = await admin.patch(routes.addFilepond.path, {
      newmedias: [token],
      modelId: letter.id,
      modelType: 'mail',
    });
    expect(attached.statusCode, attached.body).toBe(200);

    const posts = itemsApi(admin, 'post');
    ids.script = (
      await posts.create({
        title: '<script>alert("title")</script>',
        content: '<p>&lt;script&gt;alert(1)&lt;/script&gt; and text</p>',
        language: 'en',
        categories: [ids.root],
      })
    ).id;
    ids.elsewhere = (
      await posts.create({ title: 'Elsewhere', language: 'en', categories: [ids.other] })
    ).id;
    ids.trashed = (
      await mails.create({ title: 'Trashed mail', language: 'fr', categories: [ids.child] })
    ).id;
    expect((await mails.trash(ids.trashed)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts an export and waits for its job to finish; its bytes. */
  async function exported(
    body: Record<string, unknown>,
  ): Promise<{ info: ExportInfo; bytes: Buffer }> {
    const started = await admin.post('/api/exports', body);
    expect(started.statusCode, started.body).toBe(202);
    let info = started.json().export as ExportInfo;
    const deadline = Date.now() + 20_000;
    while (info.status === 'queued' || info.status === 'running') {
      if (Date.now() > deadline) throw new Error(`export ${info.id} did not finish`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      info = (await admin.get(`/api/exports/${info.id}`)).json() as ExportInfo;
    }
    expect(info.status, info.error ?? '').toBe('done');
    const download = await admin.get(info.url!);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''");
    expect(download.rawPayload.length).toBe(info.size);
    // On S3 the bytes are in the bucket, on no instance's disk.
    if (server.config.storage.kind === 's3') {
      expect(fs.existsSync(path.join(dataDir, 'exports'))).toBe(false);
    }
    return { info, bytes: download.rawPayload };
  }

  it('exports a type as JSON: items with translations, people, tags, categories, files', async () => {
    const { info, bytes } = await exported({ scope: 'type', type: 'mail', format: 'json' });
    expect(info).toMatchObject({ progress: 100, format: 'json', created_by: ADMIN.name });
    expect(info.file_name).toMatch(/^kinfolio-mail-json-\d{8}-\d{4}\.json$/);
    const json = JSON.parse(bytes.toString('utf8'));
    expect(json).toMatchObject({ format: 'kinfolio-export', version: 1, scope: { type: 'mail' } });
    expect(json.items.map((i: { id: number }) => i.id)).toEqual([ids.letter]);
    const [letter] = json.items;
    expect(letter).toMatchObject({
      language: 'fr',
      date: expect.stringMatching(/^1954-06-12/),
      people: expect.arrayContaining([
        { id: ids.ada, name: 'Ada Lovelace', role: 'from' },
        { id: ids.omar, name: 'عمر الخيّام', role: 'to' },
      ]),
      tags: [{ id: ids.tag, name: { en: 'Été' } }],
      categories: [{ id: ids.grandchild, name: { en: 'Petits-cousins' } }],
      files: [{ name: 'scan été.txt', mime: 'text/plain', size: 16 }],
      place: { name: 'Lourmarin', latitude: 43.7646, longitude: 5.3626, country: 'FR' },
    });
    expect(letter.files[0].storage_key).toBeUndefined();
    expect(json.family.people.map((p: { name: string }) => p.name).sort()).toEqual([
      'Ada Lovelace',
      'Lord Byron',
      'عمر الخيّام',
    ]);
    expect(json.family.people.find((p: { id: number }) => p.id === ids.ada).life).toMatchObject({
      surname: 'Lovelace',
      birth: { date: { start: { year: 1815, month: 12, day: 10 } }, place: null },
    });
    expect(json.family.relations).toMatchObject([
      { type: 'parent', person2_id: ids.ada, kind: 'birth' },
    ]);
    expect(letter.translations).toMatchObject([
      { id: ids.arabic, language: 'ar', title: 'رسالة الصيف' },
    ]);
  });

  it('exports a category with its subtree, trashed items left out, as CSV with a BOM', async () => {
    const { info, bytes } = await exported({
      scope: 'category',
      category_id: ids.root,
      format: 'csv',
    });
    expect(info.scope_label).toBe('Famille');
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1));
    const [header, ...data] = rows;
    expect(header).toContain('title');
    const col = (name: string) => header!.indexOf(name);
    expect(data.every((r) => r.length === header!.length)).toBe(true);
    const byId = new Map(data.map((r) => [Number(r[col('id')]), r]));
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual(
      [ids.letter, ids.arabic, ids.script].sort((a, b) => a - b),
    );
    const letter = byId.get(ids.letter)!;
    expect(letter[col('title')]).toBe('Lettre de l’été, "chère" <amie>');
    expect(letter[col('text')]).toContain('"quotes"');
    expect(letter[col('text')]).toBe(
      'Bonjour, ma chère,\n\nLigne deux, avec « guillemets » et "quotes"',
    );
    expect(letter[col('from')]).toBe('Ada Lovelace');
    expect(letter[col('to')]).toBe('عمر الخيّام');
    expect(letter[col('files')]).toBe('scan été.txt');
    expect([letter[col('place')], letter[col('latitude')], letter[col('country')]]).toEqual([
      'Lourmarin',
      '43.7646',
      'FR',
    ]);
    const arabic = byId.get(ids.arabic)!;
    expect(arabic[col('title')]).toBe('رسالة الصيف');
    expect(arabic[col('original_id')]).toBe(String(ids.letter));
    expect(text).not.toContain('Trashed mail');
    expect(text).not.toContain('Elsewhere');
  });

  it('exports a readable HTML site, zipped with its files, escaping everything', async () => {
    const { bytes } = await exported({ scope: 'category', category_id: ids.root, format: 'html' });
    const zip = readZip(bytes);
    const names = [...zip.keys()];
    expect(names).toContain('index.html');
    expect(names).toContain(`items/${ids.letter}.html`);
    expect(names).toContain(`items/${ids.script}.html`);
    const file = names.find((n) => n.startsWith('files/'))!;
    expect(file).toMatch(/^files\/\d+-scan été\.txt$/);
    expect(zip.get(file)!.toString('utf8')).toBe('les mots du scan');
    const index = zip.get('index.html')!.toString('utf8');
    expect(index).toContain(`href="items/${ids.letter}.html"`);
    expect(index).not.toMatch(/<script/i);
    expect(index).toMatch(/<\/tbody><\/table>\n<\/body>\n<\/html>\n$/);
    expect(index).not.toContain('\u0000');
    expect(index).toContain('&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
    const page = zip.get(`items/${ids.script}.html`)!.toString('utf8');
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//);
    const letter = zip.get(`items/${ids.letter}.html`)!.toString('utf8');
    expect(letter).toContain(`href="../files/`);
    expect(letter).toContain('رسالة الصيف');
    expect(letter).toContain('lang="ar"');
    expect(letter).toContain('Lourmarin · France · 43.76460, 5.36260');
  });

  it('exports mails as RFC 5322 .eml files with encoded headers and attachments', async () => {
    const { bytes } = await exported({ scope: 'type', type: 'mail', format: 'eml' });
    const zip = readZip(bytes);
    expect(zip.size).toBe(2);
    const name = [...zip.keys()].find((n) => n.startsWith(`${ids.letter}-fr-`))!;
    const raw = zip.get(name)!;
    expect(raw.toString('latin1')).toMatch(/^Subject: =\?UTF-8\?/m);
    const mail = await simpleParser(raw);
    expect(mail.subject).toBe('Lettre de l’été, "chère" <amie>');
    expect(mail.from?.value[0]?.name).toBe('Ada Lovelace');
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    expect(to?.value[0]?.name).toBe('عمر الخيّام');
    expect(mail.date?.toISOString().slice(0, 10)).toBe('1954-06-12');
    expect(mail.text).toContain('ma chère');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['scan été.txt']);
    expect(mail.attachments[0]!.content.toString('utf8')).toBe('les mots du scan');
    const arabic = await simpleParser(zip.get([...zip.keys()].find((n) => n.includes('-ar-'))!)!);
    expect(arabic.subject).toBe('رسالة الصيف');
  });

  it('lists exports and generated MP3s for download, and deletes an export', async () => {
    const { info } = await exported({ scope: 'type', type: 'post', format: 'json' });
    const record = await admin.post('/api/records', { number: 'R1', lang: 'fr', title: 'Chanson' });
    expect(record.statusCode, record.body).toBe(201);
    const recordId = (record.json().record as { id: number }).id;
    await server.ctx.storage.mp3.put(
      `record-${recordId}-abc123.mp3`,
      Readable.from([Buffer.from('ID3')]),
    );
    const list = await admin.get('/api/downloads');
    expect(list.statusCode).toBe(200);
    const data = list.json().data as {
      kind: string;
      key: string;
      who: string | null;
      url: string;
    }[];
    expect(data.find((d) => d.key === `export-${info.id}`)).toMatchObject({
      kind: 'export',
      who: ADMIN.name,
      url: `/api/exports/${info.id}/download`,
    });
    expect(data.find((d) => d.kind === 'mp3')).toMatchObject({
      key: `mp3-${recordId}`,
      name: 'Chanson.mp3',
      size: 3,
      who: null,
      url: `/api/records-mp3/${recordId}?v=abc123`,
    });
    expect(await server.ctx.storage.exports.stat(`export-${info.id}.json`)).toBeDefined();
    const deleted = await admin.delete(`/api/exports/${info.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await admin.get(`/api/exports/${info.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/exports/${info.id}/download`)).statusCode).toBe(404);
    expect(await server.ctx.storage.exports.stat(`export-${info.id}.json`)).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, 'exports', `export-${info.id}.json`))).toBe(false);
  });

  it('is for admins only', async () => {
    for (const client of [editor, reader]) {
      expect((await client.get('/api/downloads')).statusCode).toBe(403);
      expect(
        (await client.post('/api/exports', { scope: 'type', type: 'post', format: 'csv' }))
          .statusCode,
      ).toBe(403);
    }
    expect((await server.client().get('/api/downloads')).statusCode).toBe(401);
  });

  it('refuses bad input with localised 422s', async () => {
    admin.language = 'fr';
    try {
      const noType = await admin.post('/api/exports', { scope: 'type', format: 'csv' });
      expect(noType.statusCode).toBe(422);
      expect(noType.json().errors.type).toEqual(["Choisissez un type d'élément."]);
      const noCategory = await admin.post('/api/exports', {
        scope: 'category',
        category_id: 999999,
        format: 'json',
      });
      expect(noCategory.statusCode).toBe(422);
      expect(noCategory.json().errors.category_id).toEqual(["Cette catégorie n'existe pas."]);
      const eml = await admin.post('/api/exports', { scope: 'type', type: 'post', format: 'eml' });
      expect(eml.statusCode).toBe(422);
      expect(eml.json().errors.format).toEqual([
        'Seuls les courriers peuvent être exportés en fichiers .eml.',
      ]);
      const badFormat = await admin.post('/api/exports', {
        scope: 'type',
        type: 'post',
        format: 'pdf',
      });
      expect(badFormat.statusCode).toBe(422);
      expect(badFormat.json().errors.format).toBeDefined();
      expect((await admin.get('/api/exports/abc')).statusCode).toBe(422);
    } finally {
      admin.language = 'en';
    }
  });
});
