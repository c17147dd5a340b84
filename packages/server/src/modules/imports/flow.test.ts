import { buildPath, routes, type Import } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { storedKeys } from '../../test/uploads.js';
import { makeZip } from '../../test/zip-writer.js';
import { nameKeys } from '../participants/index.js';
import { removeImportLeftovers } from './job.js';
import { photosSource } from './photos-source.js';
import { importsDb } from './repository.js';
import * as media from './test-fixtures/media.js';
import { mediaCount, upload } from './test-fixtures/requests.js';

/** An import asked with `preview`: read through, shown, then started with the answers chosen. */
describe('import preview, then start', () => {
  let server: TestServer;
  let editor: TestClient;
  let other: TestClient;
  let aliceId: number;

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor } = await server.editorAndReader());
    await server.createUser({ email: 'other@example.com', permissions: ['content.edit'] });
    other = await server.loggedIn('other@example.com');
    const now = new Date().toISOString();
    aliceId = (
      await server.ctx.db
        .insertInto('participants')
        .values({ ...nameKeys('Alice Martin'), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server.close());

  const statusOf = async (id: number, client = editor) =>
    (await client.get(buildPath(routes.importStatus.path, { id }))).json<Import>();
  const start = (id: number, body: unknown, client = editor) =>
    client.post(buildPath(routes.importStart.path, { id }), body);
  const zip = async (seed: number) =>
    makeZip([
      { name: 'Noël/sapin.jpg', data: await media.jpegWithExif(seed) },
      { name: 'Noël/table.png', data: await media.png(seed + 1) },
    ]);

  it('reads the source through, keeps its upload and writes nothing until started', async () => {
    // The photos' own analysis, plus a person as a mail or chat source would find them.
    const original = photosSource.analyse.bind(photosSource);
    const analyse = vi.spyOn(photosSource, 'analyse');
    analyse.mockImplementationOnce(async (ctx, source, dir, findings, options) => {
      findings.person('alice@example.com', 'ALICE MARTIN');
      findings.person('bob@example.com', 'Bob');
      findings.person('bob@example.com', 'Bob');
      findings.question('time_zone');
      await original(ctx, source, dir, findings, options);
    });
    const before = await mediaCount(server);
    const response = await upload(editor, 'noel.zip', await zip(10), {
      preview: 'true',
      folder_categories: 'true',
    });
    expect(response.statusCode, response.body).toBe(202);
    const created = response.json<{ import: Import }>().import;
    expect(created.status).toBe('analysing');
    expect(created.preview).toBeNull();
    await server.jobsSettled();
    analyse.mockRestore();

    const ready = await statusOf(created.id);
    expect(ready.status).toBe('ready');
    expect(ready.source_kind).toBe('photos');
    expect(ready.preview).toMatchObject({
      // Bob, whom no participant matches (Alice Martin is one already).
      counts: { media: 2, categories: 1, participants: 1 },
      existing: 0,
      questions: ['time_zone'],
    });
    expect(ready.preview!.date_from).not.toBeNull();
    expect(ready.preview!.people).toEqual([
      {
        key: 'bob@example.com',
        name: 'Bob',
        count: 2,
        participant_id: null,
        participant_name: null,
      },
      {
        key: 'alice@example.com',
        name: 'ALICE MARTIN',
        count: 1,
        participant_id: aliceId,
        participant_name: 'Alice Martin',
      },
    ]);
    expect(await mediaCount(server)).toBe(before);
    const row = await importsDb(server.ctx.db)
      .selectFrom('imports')
      .select('storage_key')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(await storedKeys(server.ctx.storage.imports)).toContain(row.storage_key);

    // Someone else's import is not there for them; answers are checked before anything runs.
    expect((await start(created.id, {}, other)).statusCode).toBe(404);
    const unknown = await start(created.id, { people: { 'bob@example.com': 999_999 } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('people');
    const zone = await start(created.id, { time_zone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(422);
    expect(zone.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('time_zone');
    expect((await start(created.id, { surprise: true })).statusCode).toBe(422);
    expect((await statusOf(created.id)).status).toBe('ready');

    const started = await start(created.id, {
      people: { 'alice@example.com': aliceId },
      time_zone: 'Europe/Paris',
      one_item_per: 'message',
    });
    expect(started.statusCode, started.body).toBe(202);
    const queued = started.json<{ import: Import }>().import;
    expect(queued.status).toBe('queued');
    expect(queued.options).toMatchObject({
      preview: true,
      folder_categories: true,
      people: { 'alice@example.com': aliceId },
      time_zone: 'Europe/Paris',
      one_item_per: 'message',
    });
    expect((await start(created.id, {})).statusCode).toBe(409);
    await server.jobsSettled();

    const done = await statusOf(created.id);
    expect(done.status).toBe('done');
    expect(done.counts.created).toBe(2);
    expect(done.preview?.counts).toEqual({ media: 2, categories: 1, participants: 1 });
    expect(await mediaCount(server)).toBe(before + 2);
    expect(await storedKeys(server.ctx.storage.imports)).not.toContain(row.storage_key);
    expect((await start(created.id, {})).statusCode).toBe(409);
  });

  it('imports at once without preview, and refuses a start it does not wait for', async () => {
    const response = await upload(editor, 'direct.zip', await zip(20));
    expect(response.statusCode, response.body).toBe(202);
    const id = response.json<{ import: Import }>().import.id;
    expect(response.json<{ import: Import }>().import.status).toBe('queued');
    await server.jobsSettled();
    const done = await statusOf(id);
    expect(done.status).toBe('done');
    expect(done.preview).toBeNull();
    expect((await start(id, {})).statusCode).toBe(409);
  });

  it('checks the options sent as multipart fields', async () => {
    const data = await zip(30);
    const people = await upload(editor, 'a.zip', data, { people: '{not json' });
    expect(people.statusCode).toBe(422);
    expect(people.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('people');
    const zone = await upload(editor, 'a.zip', data, { time_zone: 'Nowhere/Town' });
    expect(zone.statusCode).toBe(422);
    expect(zone.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('time_zone');
    const order = await upload(editor, 'a.zip', data, { date_order: 'sideways' });
    expect(order.statusCode).toBe(422);
    const fine = await upload(editor, 'a.zip', data, {
      preview: 'true',
      people: JSON.stringify({ Maman: aliceId }),
      one_item_per: 'day',
      date_order: 'day_first',
      time_zone: 'America/New_York',
    });
    expect(fine.statusCode, fine.body).toBe(202);
    expect(fine.json<{ import: Import }>().import.options).toMatchObject({
      people: { Maman: aliceId },
      date_order: 'day_first',
      time_zone: 'America/New_York',
    });
    await server.jobsSettled();
  });

  it('discards a preview not started within a day, with its upload', async () => {
    const response = await upload(editor, 'oublie.zip', await zip(40), { preview: 'true' });
    const id = response.json<{ import: Import }>().import.id;
    await server.jobsSettled();
    expect((await statusOf(id)).status).toBe('ready');
    const row = await importsDb(server.ctx.db)
      .selectFrom('imports')
      .select(['storage_key', 'report'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // A fresh preview stays.
    await removeImportLeftovers(server.ctx);
    expect((await statusOf(id)).status).toBe('ready');
    expect(await storedKeys(server.ctx.storage.imports)).toContain(row.storage_key);

    const report = JSON.parse(row.report) as Record<string, unknown>;
    const longAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await importsDb(server.ctx.db)
      .updateTable('imports')
      .set({ report: JSON.stringify({ ...report, ready_at: longAgo }) })
      .where('id', '=', id)
      .execute();
    await removeImportLeftovers(server.ctx);
    const failed = await statusOf(id);
    expect(failed.status).toBe('failed');
    expect(failed.errors).toEqual([expect.stringContaining('more than a day')]);
    expect(await storedKeys(server.ctx.storage.imports)).not.toContain(row.storage_key);
    expect((await start(id, {})).statusCode).toBe(409);
  });
});
