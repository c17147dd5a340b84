import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes, type Item } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { multipartBody, revertUpload, uploadFile, storedKeys } from '../../test/uploads.js';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('files: FilePond uploads, addfilepond, downloads', () => {
  let server: TestServer;
  let dataDir: string;
  let editor: TestClient;
  let other: TestClient;
  let reader: TestClient;
  let photo: Buffer;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-files-'));
    server = await createTestServer({ env: { DATA_DIR: dataDir, UPLOAD_MAX_MB: '1' } });
    await server.createUser({ email: 'editor@example.com', permissions: ['content.edit'] });
    await server.createUser({ email: 'other@example.com', permissions: ['content.edit'] });
    await server.createUser({ email: 'reader@example.com' });
    editor = await server.loggedIn('editor@example.com');
    other = await server.loggedIn('other@example.com');
    reader = await server.loggedIn('reader@example.com');
    photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const attach = (client: TestClient, body: unknown) => client.patch(routes.addFilepond.path, body);

  it('uploads, attaches, lists, streams (with ranges) and deletes a file', async () => {
    const media = await itemsApi(editor, 'media').create({ title: 'Plage', language: 'fr' });
    const upload = await uploadFile(editor, {
      name: 'Été à Nice.jpg',
      type: 'image/jpeg',
      data: photo,
    });
    expect(upload.statusCode).toBe(201);
    expect(upload.headers['content-type']).toMatch(/^text\/plain/);
    const serverId = upload.body;
    expect(serverId).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const audioData = Buffer.from('ID3'.padEnd(5000, 'x'));
    const audio = await uploadFile(editor, {
      name: 'voix.mp3',
      type: 'audio/mpeg',
      data: audioData,
    });
    expect(audio.statusCode).toBe(201);

    const attached = await attach(editor, {
      newmedias: [serverId, audio.body],
      modelId: media.id,
      modelType: 'App\\Models\\Media',
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().message).toBe('The files have been attached.');
    expect(attached.json().files).toHaveLength(2);

    // The thumbnail is the job queue's work (thumbnail-job.ts), done once the jobs are.
    await server.jobsSettled();
    const single = await itemsApi(reader, 'media').single(media.id);
    const [image, sound] = single.files;
    expect(image).toMatchObject({
      name: 'Été à Nice.jpg',
      mime: 'image/jpeg',
      size: photo.length,
      width: 1200,
      height: 800,
      url: `/api/files/${image!.id}`,
      thumbnail_url: `/api/files/${image!.id}?thumb=1`,
    });
    expect(sound).toMatchObject({ name: 'voix.mp3', mime: 'audio/mpeg', size: 5000 });
    expect(sound!.thumbnail_url).toBeUndefined();

    const bytes = await reader.get(image!.url);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
    expect(bytes.headers['content-disposition']).toContain(
      'inline; filename="Ete a Nice.jpg"; filename*=UTF-8\'\'%C3%89t%C3%A9%20%C3%A0%20Nice.jpg',
    );
    expect(bytes.headers['cache-control']).toBe('private, max-age=86400');
    expect(sha(bytes.rawPayload)).toBe(sha(photo));
    const etag = bytes.headers.etag as string;
    expect(etag).toBe(`"${sha(photo)}"`);
    const cached = await reader.send('GET', image!.url, undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);

    const thumb = await reader.get(image!.thumbnail_url!);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([480, 320]);

    const range = await reader.send('GET', sound!.url, undefined, {
      headers: { range: 'bytes=100-199' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe('bytes 100-199/5000');
    expect(range.rawPayload).toEqual(audioData.subarray(100, 200));
    const tail = await reader.send('GET', sound!.url, undefined, {
      headers: { range: 'bytes=-10' },
    });
    expect(tail.rawPayload).toEqual(audioData.subarray(4990));
    const outside = await reader.send('GET', sound!.url, undefined, {
      headers: { range: 'bytes=9000-' },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */5000');

    // Reading is for any logged-in user, deleting for editors.
    expect((await reader.delete(image!.url)).statusCode).toBe(403);
    const deleted = await editor.delete(image!.url);
    expect(deleted.json().message).toBe('The file has been deleted.');
    expect((await reader.get(image!.url)).statusCode).toBe(404);
    expect((await itemsApi(reader, 'media').single(media.id)).files.map((f) => f.id)).toEqual([
      sound!.id,
    ]);
    expect((await editor.delete(image!.url)).statusCode).toBe(404);
  });

  it('serves other types as downloads with a sandboxing policy', async () => {
    const post = await itemsApi(editor, 'post').create({ language: 'en' });
    const text = Buffer.from('<script>alert(1)</script> plain words\n');
    const id = (await uploadFile(editor, { name: 'note.txt', type: 'text/plain', data: text }))
      .body;
    const { files } = (
      await attach(editor, { newmedias: [id], modelId: post.id, modelType: 'posts' })
    ).json() as { files: Item['files'] };
    const response = await reader.get(files[0]!.url);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(text.toString());
  });

  it('reverts an upload, but only the uploader and only before it is attached', async () => {
    await server.jobsSettled();
    const before = (await storedKeys(server.ctx.storage.files)).length;
    const id = (await uploadFile(editor, { name: 'a.png', type: 'image/png', data: photo })).body;
    await server.jobsSettled();
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(before + 2);
    expect((await revertUpload(other, id)).statusCode).toBe(404);
    expect((await revertUpload(reader, id)).statusCode).toBe(403);
    const reverted = await revertUpload(editor, id);
    expect(reverted.statusCode).toBe(200);
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(before);
    expect((await revertUpload(editor, id)).statusCode).toBe(404);
  });

  it('refuses bad addfilepond calls with a localised 422 and changes nothing', async () => {
    const mail = await itemsApi(editor, 'mail').create({ language: 'fr' });
    const post = await itemsApi(editor, 'post').create({ language: 'fr' });
    const mine = (await uploadFile(editor, { name: 'a.pdf', type: 'application/pdf', data: photo }))
      .body;
    const theirs = (
      await uploadFile(other, { name: 'b.pdf', type: 'application/pdf', data: photo })
    ).body;
    editor.language = 'fr';
    const refuse = async (body: Record<string, unknown>, field: string, message: string) => {
      const response = await attach(editor, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
      expect(response.json().errors[field][0]).toContain(message);
    };
    const base = { newmedias: [mine], modelId: mail.id, modelType: 'mail' };
    await refuse({ ...base, newmedias: [mine, theirs] }, 'newmedias', 'inconnus');
    await refuse({ ...base, newmedias: [mine, 'x'.repeat(32)] }, 'newmedias', 'inconnus');
    await refuse({ ...base, modelId: 999_999 }, 'modelId', "n'existe pas");
    await refuse({ ...base, modelId: post.id }, 'modelId', "n'existe pas");
    await refuse({ ...base, modelType: 'App\\Models\\User' }, 'modelType', 'Choisissez');
    await refuse({ ...base, newmedias: [] }, 'newmedias', '');
    expect((await itemsApi(editor, 'mail').single(mail.id)).files).toEqual([]);

    expect((await attach(editor, base)).statusCode).toBe(200);
    await refuse(base, 'newmedias', 'déjà joints');
    editor.language = 'en';
    expect((await itemsApi(editor, 'mail').single(mail.id)).files).toHaveLength(1);
  });

  it('attaches an upload once when two calls race for it', async () => {
    const [first, second] = await Promise.all([
      itemsApi(editor, 'post').create({ language: 'fr' }),
      itemsApi(editor, 'post').create({ language: 'fr' }),
    ]);
    const id = (await uploadFile(editor, { name: 'r.pdf', type: 'application/pdf', data: photo }))
      .body;
    const responses = await Promise.all(
      [first, second].map((item) =>
        attach(editor, { newmedias: [id], modelId: item.id, modelType: 'post' }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const counts = await Promise.all(
      [first, second].map(async (item) => (await itemsApi(editor, 'post').single(item.id)).files),
    );
    expect(counts.flat()).toHaveLength(1);
  });

  it('refuses disallowed types and oversized files with a clear message, storing nothing', async () => {
    await server.jobsSettled();
    const before = (await storedKeys(server.ctx.storage.files)).length;
    const svg = await uploadFile(editor, {
      name: 'logo.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg/>'),
    });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toContain('not accepted');
    const html = await uploadFile(editor, { name: 'x.html', type: 'text/html', data: photo });
    expect(html.statusCode).toBe(415);

    other.language = 'de';
    const big = await uploadFile(other, {
      name: 'film.mp4',
      type: 'video/mp4',
      data: Buffer.alloc(1024 * 1024 + 1),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Diese Datei ist zu groß: höchstens 1 MB.');
    other.language = 'en';
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(before);

    const notMultipart = await editor.post(routes.filepondProcess.path, { file: 'x' });
    expect(notMultipart.statusCode).toBe(415);

    const path = routes.filepondProcess.path;
    const noBoundary = await editor.sendRaw('POST', path, 'abc', {
      'content-type': 'multipart/form-data',
    });
    expect(noBoundary.statusCode).toBe(400);
    const { payload, contentType } = multipartBody({
      name: 'a.png',
      type: 'image/png',
      data: photo,
    });
    const cut = await editor.sendRaw('POST', path, payload.subarray(0, payload.length - 40), {
      'content-type': contentType,
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBeTruthy();
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(before);
  });

  it('keeps files the server cannot preview, without a thumbnail', async () => {
    const post = await itemsApi(editor, 'post').create({ language: 'fr' });
    const id = (
      await uploadFile(editor, {
        name: 'broken.jpg',
        type: 'image/jpeg',
        data: Buffer.from('nope'),
      })
    ).body;
    const { files } = (
      await attach(editor, { newmedias: [id], modelId: post.id, modelType: 'post' })
    ).json() as { files: Item['files'] };
    expect(files[0]).toMatchObject({ name: 'broken.jpg', size: 4 });
    await server.jobsSettled();
    // The job settled it without a thumbnail, and without a failed job.
    const row = await server.ctx.db
      .selectFrom('files')
      .select(['thumb_key', 'thumb_pending'])
      .where('id', '=', files[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ thumb_key: null, thumb_pending: 0 });
    expect((await server.ctx.jobs.failed.list(1, 10)).total).toBe(0);
    expect(
      (await itemsApi(reader, 'post').single(post.id)).files[0]!.thumbnail_url,
    ).toBeUndefined();
    expect((await reader.get(`${files[0]!.url}?thumb=1`)).statusCode).toBe(404);
  });

  it('sends the files of a hard-deleted item to the deleted medias, rows and bytes kept', async () => {
    const eraser = await (async () => {
      await server.createUser({
        email: 'eraser@example.com',
        permissions: ['content.edit', 'content.delete'],
      });
      return server.loggedIn('eraser@example.com');
    })();
    const api = itemsApi(eraser, 'message');
    const message = await api.create({ language: 'it' });
    await server.jobsSettled();
    const before = (await storedKeys(server.ctx.storage.files)).length;
    const id = (await uploadFile(eraser, { name: 'p.jpg', type: 'image/jpeg', data: photo })).body;
    await attach(eraser, { newmedias: [id], modelId: message.id, modelType: 'message' });
    await server.jobsSettled();
    const [file] = (await api.single(message.id)).files;
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(before + 2);

    await api.trash(message.id);
    expect((await reader.get(file!.url)).statusCode).toBe(200);
    expect((await api.hardDelete(message.id)).statusCode).toBe(200);
    expect((await reader.get(file!.url)).statusCode).toBe(404);
    // Kept for the retention period (the deleted medias), out of every listing.
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(before + 2);
    const rows = await server.ctx.db
      .selectFrom('files')
      .select(['item_id', 'origin_kind', 'origin_id', 'origin_type'])
      .where('id', '=', file!.id)
      .where('deleted_at', 'is not', null)
      .execute();
    expect(rows).toEqual([
      { item_id: null, origin_kind: 'item', origin_id: message.id, origin_type: 'message' },
    ]);
  });

  it('prunes uploads left unattached for a day', async () => {
    const { pruneTemporaryUploads } = await import('./service.js');
    const id = (await uploadFile(editor, { name: 'old.jpg', type: 'image/jpeg', data: photo }))
      .body;
    const fresh = (await uploadFile(editor, { name: 'new.jpg', type: 'image/jpeg', data: photo }))
      .body;
    await server.jobsSettled();
    await server.ctx.db
      .updateTable('files')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('upload_token', '=', id)
      .execute();
    const before = (await storedKeys(server.ctx.storage.files)).length;
    expect(await pruneTemporaryUploads(server.ctx)).toBe(2);
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(before - 2);
    const left = await server.ctx.db
      .selectFrom('files')
      .select('upload_token')
      .where('upload_token', 'in', [id, fresh])
      .execute();
    expect(left).toEqual([{ upload_token: fresh }]);
  });

  it('answers a clean, localised 410 for a file whose bytes are missing, never a broken body', async () => {
    const media = await itemsApi(editor, 'media').create({ title: 'Perdu', language: 'fr' });
    const id = (await uploadFile(editor, { name: 'perdu.jpg', type: 'image/jpeg', data: photo }))
      .body;
    expect(
      (
        await attach(editor, {
          newmedias: [id],
          modelId: media.id,
          modelType: 'App\\Models\\Media',
        })
      ).statusCode,
    ).toBe(200);
    await server.jobsSettled();
    const [file] = (await itemsApi(reader, 'media').single(media.id)).files;
    const row = await server.ctx.db
      .selectFrom('files')
      .select(['storage_key', 'thumb_key'])
      .where('id', '=', file!.id)
      .executeTakeFirstOrThrow();
    await server.ctx.storage.files.delete(row.storage_key);
    await server.ctx.storage.files.delete(row.thumb_key!);
    for (const [url, headers] of [
      [file!.url, { 'accept-language': 'fr', 'accept-encoding': 'gzip' }],
      [file!.url, { 'accept-language': 'fr', range: 'bytes=0-99' }],
      [file!.thumbnail_url!, { 'accept-language': 'fr', 'accept-encoding': 'gzip' }],
    ] as const) {
      const gone = await reader.send('GET', url, undefined, { headers: { ...headers } });
      expect(gone.statusCode).toBe(410);
      expect(gone.headers['content-type']).toMatch(/^application\/json/);
      expect(gone.headers['content-disposition']).toBeUndefined();
      const body =
        gone.headers['content-encoding'] === 'gzip' ? gunzipSync(gone.rawPayload) : gone.rawPayload;
      expect(JSON.parse(body.toString('utf8'))).toEqual({
        message:
          'Les données enregistrées de ce fichier sont introuvables : un administrateur peut les restaurer depuis une sauvegarde.',
      });
    }
  });
});
