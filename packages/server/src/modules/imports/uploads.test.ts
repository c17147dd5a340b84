import { buildPath, routes, type Import } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { startTestS3 } from '../../test/s3.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { storedKeys } from '../../test/uploads.js';
import { makeZip } from '../../test/zip-writer.js';
import { removeImportLeftovers } from './job.js';
import * as media from './test-fixtures/media.js';
import { mediaCount } from './test-fixtures/requests.js';

const s3 = await startTestS3();
afterAll(() => s3.close());

const TUS = { 'tus-resumable': '1.0.0' };
const UPLOADS = routes.importUploadCreate.path;
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** The tus 1.0.0 side of chunked uploads, on local folders and on S3, then their import. */
describe.each([
  ['local storage', () => Promise.resolve({})],
  ['S3 storage', async () => s3.env(await s3.bucket())],
] as const)('chunked import uploads (%s)', (_label, storageEnv) => {
  let server: TestServer;
  let editor: TestClient;
  let other: TestClient;
  let source: Buffer;

  beforeAll(async () => {
    // About a megabyte at most: large enough for the test's zip, small enough to be passed.
    server = await createTestServer({
      env: { ...(await storageEnv()), IMPORT_UPLOAD_MAX_GB: '0.001' },
    });
    ({ editor } = await server.editorAndReader());
    await server.createUser({ email: 'other@example.com', permissions: ['content.edit'] });
    other = await server.loggedIn('other@example.com');
    source = makeZip([
      { name: 'Été/one.jpg', data: await media.jpegWithExif(61) },
      { name: 'Été/two.png', data: await media.png(62) },
      { name: 'Été/three.webp', data: await media.webp(63) },
    ]);
  });
  afterAll(() => server.close());

  const create = (length: number, client = editor, headers: Record<string, string> = TUS) =>
    client.send('POST', UPLOADS, undefined, {
      headers: {
        ...headers,
        'upload-length': String(length),
        'upload-metadata': `filename ${b64('famille été.zip')},filetype ${b64('application/zip')}`,
      },
    });
  const patch = (
    location: string,
    offset: number,
    bytes: Buffer,
    client = editor,
    type = 'application/offset+octet-stream',
  ) =>
    client.sendRaw('PATCH', location, bytes, {
      ...TUS,
      'content-type': type,
      'upload-offset': String(offset),
    });
  const head = (location: string, client = editor) =>
    client.send('HEAD', location, undefined, { headers: TUS });
  const importFrom = (uploadId: string, client = editor) =>
    client.post(routes.importCreate.path, { upload_id: uploadId, folder_categories: true });
  const uploadKeys = async (id: string) =>
    (await storedKeys(server.ctx.storage.imports)).filter((key) => key.includes(id));

  it('advertises the protocol, and refuses what it does not speak or cannot hold', async () => {
    const options = await editor.send('OPTIONS', UPLOADS, undefined, {});
    expect(options.statusCode).toBe(204);
    expect(options.headers['tus-version']).toBe('1.0.0');
    expect(options.headers['tus-extension']).toBe('creation,termination');
    expect(Number(options.headers['tus-max-size'])).toBe(Math.floor(0.001 * 1024 ** 3));
    expect((await create(100, editor, {})).statusCode).toBe(412);
    expect((await create(0)).statusCode).toBe(400);
    const large = await create(2 * 1024 ** 2);
    expect(large.statusCode).toBe(413);
    expect(large.headers['tus-resumable']).toBe('1.0.0');
    expect((await server.client().send('POST', UPLOADS, undefined)).statusCode).toBe(401);
  });

  it('takes an upload in three chunks, resumes after a pause, then imports it', async () => {
    const created = await create(source.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const { id } = created.json<{ upload: { id: string } }>().upload;
    expect(location).toBe(`${UPLOADS}/${id}`);
    expect(created.json<{ upload: unknown }>().upload).toEqual({
      id,
      file_name: 'famille été.zip',
      length: source.length,
      offset: 0,
    });
    const third = Math.ceil(source.length / 3);
    const chunks = [
      source.subarray(0, third),
      source.subarray(third, 2 * third),
      source.subarray(2 * third),
    ];

    const first = await patch(location, 0, chunks[0]!);
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(third));
    expect(first.headers['tus-resumable']).toBe('1.0.0');

    // The pause: the connection is gone, the client asks where the upload stands.
    const resumed = await head(location);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.headers['upload-offset']).toBe(String(third));
    expect(resumed.headers['upload-length']).toBe(String(source.length));
    expect(resumed.headers['cache-control']).toBe('no-store');

    // A chunk sent again from the start, another's upload, a wrong protocol: nothing moves.
    const wrong = await patch(location, 0, chunks[0]!);
    expect(wrong.statusCode).toBe(409);
    expect((await head(location, other)).statusCode).toBe(404);
    expect((await patch(location, third, chunks[1]!, other)).statusCode).toBe(404);
    expect((await other.send('DELETE', location, undefined, { headers: TUS })).statusCode).toBe(
      404,
    );
    expect(
      (await patch(location, third, chunks[1]!, editor, 'application/octet-stream')).statusCode,
    ).toBe(415);
    const unversioned = await editor.sendRaw('PATCH', location, chunks[1]!, {
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(third),
    });
    expect(unversioned.statusCode).toBe(412);
    expect((await head(location)).headers['upload-offset']).toBe(String(third));

    expect((await patch(location, third, chunks[1]!)).headers['upload-offset']).toBe(
      String(2 * third),
    );
    const early = await importFrom(id);
    expect(early.statusCode).toBe(422);
    expect(early.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('upload_id');

    // More bytes than announced: refused whole, the offset stays.
    const over = await patch(location, 2 * third, Buffer.concat([chunks[2]!, Buffer.from('x')]));
    expect(over.statusCode).toBe(413);
    expect((await head(location)).headers['upload-offset']).toBe(String(2 * third));

    const last = await patch(location, 2 * third, chunks[2]!);
    expect(last.statusCode).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(source.length));
    // Put together: one object of the whole source, its description, no parts.
    expect((await uploadKeys(id)).sort()).toEqual([`chunked-${id}`, `chunked-${id}.info.json`]);

    expect((await importFrom(id, other)).statusCode).toBe(422);
    const before = await mediaCount(server);
    const started = await importFrom(id);
    expect(started.statusCode, started.body).toBe(202);
    const importId = started.json<{ import: Import }>().import.id;
    await server.jobsSettled();
    const done = (
      await editor.get(buildPath(routes.importStatus.path, { id: importId }))
    ).json<Import>();
    expect(done.status).toBe('done');
    expect(done.file_name).toBe('famille été.zip');
    expect(done.origin).toBe('upload');
    expect(done.counts.created).toBe(3);
    expect(await mediaCount(server)).toBe(before + 3);
    expect(await uploadKeys(id)).toEqual([]);
    // Taken by its import: neither continued nor imported again.
    expect((await head(location)).statusCode).toBe(404);
    expect((await importFrom(id)).statusCode).toBe(422);
  });

  it('drops an upload on DELETE, and one idle for a day on the leftovers run', async () => {
    const dropped = await create(source.length);
    const droppedAt = dropped.headers.location as string;
    await patch(droppedAt, 0, source.subarray(0, 100));
    const removed = await editor.send('DELETE', droppedAt, undefined, { headers: TUS });
    expect(removed.statusCode).toBe(204);
    expect((await head(droppedAt)).statusCode).toBe(404);
    expect(await uploadKeys(dropped.json<{ upload: { id: string } }>().upload.id)).toEqual([]);

    const idle = await create(source.length);
    const idleId = idle.json<{ upload: { id: string } }>().upload.id;
    await patch(idle.headers.location as string, 0, source.subarray(0, 100));
    await removeImportLeftovers(server.ctx);
    expect(await uploadKeys(idleId)).toHaveLength(2);
    const now = vi
      .spyOn(server.ctx, 'now')
      .mockReturnValue(new Date(Date.now() + 25 * 60 * 60 * 1000));
    try {
      await removeImportLeftovers(server.ctx);
    } finally {
      now.mockRestore();
    }
    expect(await uploadKeys(idleId)).toEqual([]);
    expect((await head(idle.headers.location as string)).statusCode).toBe(404);
  });
});
