import { buildPath, routes, type Import } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';
import { makeZip } from '../../test/zip-writer.js';
import * as media from './test-fixtures/media.js';
import { imported } from './test-fixtures/requests.js';

describe('reviewing near-duplicates', () => {
  let server: TestServer;
  let editor: TestClient;
  let admin: TestClient;
  /** content.edit only: reviews, cannot move to the trash. */
  let importer: TestClient;
  let original: Buffer;
  let report: Import;

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor } = await server.editorAndReader(['content.delete']));
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    await server.createUser({ email: 'importer@example.com', permissions: ['content.edit'] });
    importer = await server.loggedIn('importer@example.com');
    original = await media.jpeg(20);
    await imported(server, editor, 'one.jpg', original);
  });
  afterAll(() => server.close());

  const copy = (width: number, quality: number) =>
    sharp(original).resize(width).jpeg({ quality }).toBuffer();
  const review = (client: TestClient, id: number, itemId: number, decision: string, lang = 'en') =>
    client.send(
      'POST',
      buildPath(routes.importNearDuplicate.path, { id, item_id: itemId }),
      { decision },
      { headers: { 'accept-language': lang } },
    );
  const statusOf = async (id: number, client = editor) =>
    (await client.get(buildPath(routes.importStatus.path, { id }))).json<Import>();
  const deletedAt = async (id: number) =>
    (
      await server.ctx.db
        .selectFrom('items')
        .select('deleted_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).deleted_at;

  it('keeps the decisions on the import: shown again after a reload', async () => {
    const copies = makeZip([
      { name: 'a/small.jpg', data: await copy(64, 55) },
      { name: 'a/smaller.jpg', data: await copy(48, 40) },
    ]);
    report = await imported(server, editor, 'copies.zip', copies);
    expect(report.counts.near_duplicates).toBe(2);
    expect(report.near_duplicates.map((pair) => pair.decision)).toEqual([null, null]);
    const [kept, trashed] = report.near_duplicates.map((pair) => pair.item_id) as [number, number];

    const keep = await review(editor, report.id, kept, 'kept');
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json<{ message: string }>().message).toBe('Both pictures kept.');
    expect(await deletedAt(kept)).toBeNull();

    // An admin reviews anyone's import; trashed, the new picture is in the trash.
    const trash = await review(admin, report.id, trashed, 'trashed', 'fr');
    expect(trash.statusCode, trash.body).toBe(200);
    expect(trash.json<{ message: string }>().message).toBe(
      'La nouvelle image est dans la corbeille.',
    );
    expect(await deletedAt(trashed)).not.toBeNull();

    const reloaded = await statusOf(report.id);
    expect(reloaded.near_duplicates.map((pair) => [pair.item_id, pair.decision])).toEqual([
      [kept, 'kept'],
      [trashed, 'trashed'],
    ]);
  });

  it('refuses, localised and changing nothing: twice, unknown, not a decision, not theirs', async () => {
    const [kept] = report.near_duplicates.map((pair) => pair.item_id) as [number];
    const twice = await review(editor, report.id, kept, 'trashed', 'de');
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(
      'Dieses Beinahe-Duplikat wurde bereits geprüft.',
    );
    expect(await deletedAt(kept)).toBeNull();

    const unknown = await review(editor, report.id, 999_999, 'kept', 'it');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(
      'Questa importazione non ha questo quasi-duplicato.',
    );
    const bad = await review(editor, report.id, kept, 'maybe');
    expect(bad.statusCode).toBe(422);
    // Someone else's import is not there for them.
    expect((await review(importer, report.id, kept, 'kept')).statusCode).toBe(404);
    expect((await statusOf(report.id)).near_duplicates[0]!.decision).toBe('kept');
  });

  it('needs content.delete to trash, and a done import', async () => {
    const own = await imported(server, importer, 'mine.jpg', await copy(72, 30));
    expect(own.near_duplicates).toHaveLength(1);
    const itemId = own.near_duplicates[0]!.item_id;
    const refused = await review(importer, own.id, itemId, 'trashed');
    expect(refused.statusCode).toBe(403);
    expect(await deletedAt(itemId)).toBeNull();

    const undone = await admin.post(buildPath(routes.importUndo.path, { id: own.id }), {});
    expect(undone.statusCode, undone.body).toBe(200);
    const late = await review(importer, own.id, itemId, 'kept', 'fr');
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toContain('n’est pas terminé');
    expect((await statusOf(own.id, importer)).near_duplicates[0]!.decision).toBeNull();
  });
});
