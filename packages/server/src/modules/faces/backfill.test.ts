import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { buildPath, routes, type FacesAdmin } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { localStorage, STORAGE_KINDS, type Storage } from '../../storage/index.js';
import type { TestClient } from '../../test/client.js';
import { createTestDatabase } from '../../test/database.js';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';
import { restoreBackup, writeBackup } from '../backups/index.js';
import { backfillFaces } from './detect-job.js';
import { faceIndex } from './nearest.js';
import { facesDb } from './repository.js';
import { facesOf, mediaOf, participant, sample, uploadPicture } from './test-fixtures/pictures.js';

const SETTLE_MS = 180_000;

/** Half-size demo pictures: quicker to read, the same faces. */
const small = (n: number) => sharp(sample(n)).resize(960).jpeg().toBuffer();

/** What a job handler gets, with a signal the test aborts (the worker giving the job up). */
function jobContext(server: TestServer, stopAfter?: number) {
  const controller = new AbortController();
  let reports = 0;
  return {
    id: 'test',
    attempt: 1,
    log: server.app.log,
    signal: controller.signal,
    progress: async () => {
      reports += 1;
      if (stopAfter !== undefined && reports >= stopAfter) controller.abort();
    },
  };
}

const admin = (client: TestClient) => ({
  state: async () => (await client.get(routes.facesAdmin.path)).json() as FacesAdmin,
  set: (body: Record<string, boolean>) => client.patch(routes.facesAdminUpdate.path, body),
});

const scans = (server: TestServer) =>
  facesDb(server.ctx.db).selectFrom('face_scans').selectAll().orderBy('file_id').execute();

describe('faces: backfill, switched off, deleted, in backups', { timeout: SETTLE_MS }, () => {
  let server: TestServer;
  let client: TestClient;
  const pictures: { fileId: number; itemId: number }[] = [];

  beforeAll(async () => {
    server = await createTestServer({ env: { FACES: 'on' } });
    await server.createAdmin();
    client = await server.loggedIn(ADMIN.email, ADMIN.password);
    // Pictures stored while faces were off: nothing read them.
    expect((await admin(client).set({ enabled: false })).statusCode).toBe(200);
    for (const n of [1, 2, 3]) {
      pictures.push(await uploadPicture(server, client, `photo-${n}.jpg`, await small(n)));
    }
    await server.jobsSettled(SETTLE_MS);
  }, SETTLE_MS);
  afterAll(() => server.close());

  it('reads nothing and says `off` while faces are off', async () => {
    expect((await facesOf(client, pictures[0]!.fileId)).status).toBe('off');
    expect(await scans(server)).toEqual([]);
    const detections = await server.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', 'faces.detect')
      .execute();
    expect(detections).toEqual([]);
    const state = await admin(client).state();
    expect(state).toMatchObject({ available: true, enabled: false });
    expect(state.counts).toMatchObject({ pictures: 3, scanned: 0, pending: 3, faces: 0 });
  });

  it(
    'backfills, resumes after the job was given up half-way, and never reads a picture twice',
    async () => {
      await server.ctx.settings.set('faces_enabled', 'true');
      expect((await facesOf(client, pictures[0]!.fileId)).status).toBe('pending');
      // The worker gives the job up after its first picture (its lease went elsewhere, or it stops).
      const first = await backfillFaces(server.ctx, jobContext(server, 1));
      expect(first.read).toBe(1);
      expect((await scans(server)).map((s) => s.file_id)).toEqual([pictures[0]!.fileId]);
      // Taken again: it goes on with the pictures left.
      const second = await backfillFaces(server.ctx, jobContext(server));
      expect(second.read).toBe(2);
      const read = await scans(server);
      expect(read.map((s) => s.file_id)).toEqual(pictures.map((p) => p.fileId));
      const faces = await facesDb(server.ctx.db)
        .selectFrom('faces')
        .select(['file_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('file_id')
        .execute();
      for (const scan of read) {
        const row = faces.find((f) => f.file_id === scan.file_id);
        expect(Number(row?.n ?? 0)).toBe(scan.faces);
      }
      expect(read[0]!.faces).toBe(3);
      expect((await backfillFaces(server.ctx, jobContext(server))).read).toBe(0);

      // Through the admin route: queued, done, progress 100.
      const queued = await client.post(routes.facesBackfill.path);
      expect(queued.statusCode, queued.body).toBe(202);
      await server.jobsSettled(SETTLE_MS);
      const state = await admin(client).state();
      expect(state.counts).toMatchObject({ pictures: 3, scanned: 3, pending: 0 });
      expect(state.backfill).toMatchObject({ state: 'done', progress: 100 });
    },
    SETTLE_MS,
  );

  it(
    'keeps faces, their names and descriptors in a backup, restored into an empty archive',
    async () => {
      const [face] = (await facesOf(client, pictures[0]!.fileId)).data;
      const dora = await participant(client, 'Dora');
      await client.patch(buildPath(routes.faceUpdate.path, { id: face!.id }), {
        participant_id: dora,
      });
      expect(await mediaOf(client, dora)).toEqual([pictures[0]!.itemId]);

      let bytes = Buffer.alloc(0);
      await writeBackup(server.ctx, async (body) => {
        bytes = await buffer(body);
      });

      const target = await createTestDatabase();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-faces-restore-'));
      try {
        await migrateToLatest(target.db);
        const storage = Object.fromEntries(
          STORAGE_KINDS.map((kind) => [kind, localStorage(path.join(dir, kind))]),
        ) as unknown as Storage;
        await restoreBackup(
          { db: target.db, dialect: server.ctx.dialect, storage },
          { size: bytes.length, open: () => Readable.from([bytes]) },
        );
        const columns = ['id', 'file_id', 'participant_id', 'descriptor', 'group_id'] as const;
        const before = await facesDb(server.ctx.db)
          .selectFrom('faces')
          .select(columns)
          .orderBy('id')
          .execute();
        const after = await facesDb(target.db)
          .selectFrom('faces')
          .select(columns)
          .orderBy('id')
          .execute();
        const plain = (rows: typeof before) =>
          rows.map((r) => ({ ...r, descriptor: Buffer.from(r.descriptor!).toString('base64') }));
        expect(plain(after)).toEqual(plain(before));
        const link = await target.db
          .selectFrom('item_participants')
          .selectAll()
          .where('role', '=', 'face')
          .execute();
        expect(link.map((l) => [l.item_id, l.participant_id])).toEqual([
          [pictures[0]!.itemId, dora],
        ]);
        // The restored descriptors are usable: the same face is its own nearest neighbour.
        const index = await faceIndex(target.db);
        const own = index.descriptor(face!.id)!;
        expect(index.nearest(own, { named: true, limit: 0.1 })?.participantId).toBe(dora);
      } finally {
        await target.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    SETTLE_MS,
  );

  it(
    'switched off: no detection queued for new pictures; deleting the data removes it all',
    async () => {
      const [face] = (await facesOf(client, pictures[0]!.fileId)).data;
      expect((await client.get(buildPath(routes.faceCrop.path, { id: face!.id }))).statusCode).toBe(
        200,
      );
      expect((await admin(client).set({ enabled: false })).statusCode).toBe(200);
      const later = await uploadPicture(server, client, 'later.jpg', await small(4));
      await server.jobsSettled(SETTLE_MS);
      expect((await facesOf(client, later.fileId)).status).toBe('off');
      expect((await client.post(routes.facesBackfill.path)).statusCode).toBe(409);

      const deleted = await client.delete(routes.facesDeleteAll.path);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((deleted.json() as { count: number }).count).toBeGreaterThanOrEqual(3);
      const db = facesDb(server.ctx.db);
      for (const table of ['faces', 'face_scans', 'face_groups', 'face_rejections'] as const) {
        expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
      }
      expect(
        await db.selectFrom('item_participants').selectAll().where('role', '=', 'face').execute(),
      ).toEqual([]);
      const crops: string[] = [];
      for await (const object of server.ctx.storage.faces.list()) crops.push(object.key);
      expect(crops).toEqual([]);
      const state = await admin(client).state();
      expect(state).toMatchObject({ enabled: false, counts: { faces: 0, scanned: 0 } });
      // The participant and the picture stay; the picture is no longer in her list.
      const dora = await db
        .selectFrom('participants')
        .select('id')
        .where('name', '=', 'Dora')
        .executeTakeFirstOrThrow();
      expect(await mediaOf(client, dora.id)).toEqual([]);
    },
    SETTLE_MS,
  );
});
