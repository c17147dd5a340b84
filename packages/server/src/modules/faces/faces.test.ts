import {
  buildPath,
  routes,
  type Face,
  type FaceGroup,
  type FacePersonCard,
  type Paginated,
} from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';
import { facesDb } from './repository.js';
import { facesOf, mediaOf, participant, sample, uploadPicture } from './test-fixtures/pictures.js';

const SETTLE_MS = 180_000;

/** Sorted left to right, so that two readings of one picture line up. */
const byX = (faces: Face[]) => [...faces].sort((a, b) => a.box.x - b.box.x);

describe(
  'faces: detection, naming, suggestions, groups (demo pictures)',
  { timeout: SETTLE_MS * 2 },
  () => {
    let server: TestServer;
    let admin: TestClient;
    let reader: TestClient;
    let original: { fileId: number; itemId: number };
    let alice: number;

    beforeAll(async () => {
      server = await createTestServer({ env: { FACES: 'on' } });
      await server.createAdmin();
      await server.createUser({ email: 'reader@example.com' });
      admin = await server.loggedIn(ADMIN.email, ADMIN.password);
      reader = await server.loggedIn('reader@example.com');
      original = await uploadPicture(server, admin, 'trois.jpg', sample(1));
      await server.jobsSettled(SETTLE_MS);
    }, SETTLE_MS);
    afterAll(() => server.close());

    it('finds the three faces of a picture uploaded through the API, once', async () => {
      const faces = await facesOf(reader, original.fileId);
      expect(faces.status).toBe('done');
      expect(faces.data).toHaveLength(3);
      for (const face of faces.data) {
        expect(face.box.x).toBeGreaterThanOrEqual(0);
        expect(face.box.x + face.box.width).toBeLessThanOrEqual(1.001);
        expect(face.box.height).toBeGreaterThan(0.05);
        expect(face).toMatchObject({ participant: null, origin: 'detected' });
      }
      const stored = await facesDb(server.ctx.db)
        .selectFrom('faces')
        .select(['descriptor', 'landmarks', 'score', 'model_version'])
        .where('file_id', '=', original.fileId)
        .execute();
      for (const row of stored) {
        expect(row.descriptor?.length).toBe(128 * 4);
        expect((JSON.parse(row.landmarks!) as { points: unknown[] }).points).toHaveLength(5);
        expect(row.score).toBeGreaterThan(0.5);
        expect(row.model_version).toContain('face-api');
      }
      // Queued again (a retry, the backfill): nothing more.
      await server.ctx.jobs.enqueue('faces.detect', { fileId: original.fileId });
      await server.jobsSettled(SETTLE_MS);
      expect((await facesOf(reader, original.fileId)).data).toHaveLength(3);
    });

    it(
      'respects the EXIF rotation: a turned picture gives the same boxes',
      async () => {
        // Stored a quarter turn off, with the orientation that turns it back when shown.
        const turned = await sharp(sample(1))
          .rotate(270)
          .withMetadata({ orientation: 6 })
          .jpeg()
          .toBuffer();
        const copy = await uploadPicture(server, admin, 'tournée.jpg', turned);
        await server.jobsSettled(SETTLE_MS);
        const faces = byX((await facesOf(reader, copy.fileId)).data);
        const expected = byX((await facesOf(reader, original.fileId)).data);
        expect(faces).toHaveLength(3);
        for (const [i, face] of faces.entries()) {
          expect(Math.abs(face.box.x - expected[i]!.box.x)).toBeLessThan(0.03);
          expect(Math.abs(face.box.y - expected[i]!.box.y)).toBeLessThan(0.03);
        }
        // Not the same people as far as the archive knows: its faces are removed again.
        for (const face of faces) {
          expect(
            (await admin.delete(buildPath(routes.faceDelete.path, { id: face.id }))).statusCode,
          ).toBe(200);
        }
      },
      SETTLE_MS,
    );

    it(
      'names a face; a resized, cropped copy gets that face, and only it, suggested',
      async () => {
        alice = await participant(admin, 'Alice');
        const [first] = byX((await facesOf(reader, original.fileId)).data);
        const named = await admin.patch(buildPath(routes.faceUpdate.path, { id: first!.id }), {
          participant_id: alice,
        });
        expect(named.statusCode, named.body).toBe(200);
        expect((named.json() as { face: Face }).face.participant).toEqual({
          id: alice,
          name: 'Alice',
        });
        // The picture is in Alice's list, as a participant link would put it.
        expect(await mediaOf(reader, alice)).toEqual([original.itemId]);

        const copy = await sharp(sample(1))
          .extract({ left: 0, top: 0, width: 1150, height: 1280 })
          .resize(860)
          .jpeg({ quality: 80 })
          .toBuffer();
        const second = await uploadPicture(server, admin, 'recadrée.jpg', copy);
        await server.jobsSettled(SETTLE_MS);
        const faces = byX((await facesOf(reader, second.fileId)).data);
        expect(faces.length).toBeGreaterThanOrEqual(2);
        const suggested = faces.filter((face) => face.suggestion?.id === alice);
        expect(suggested).toHaveLength(1);
        expect(suggested[0]!.id).toBe(faces[0]!.id);
        expect(suggested[0]!.suggestion!.distance).toBeLessThan(0.5);
        // Suggested, not named: the copy is not in Alice's list until someone confirms.
        expect(await mediaOf(reader, alice)).toEqual([original.itemId]);

        // "Not this person" is remembered, also after Alice is named elsewhere again.
        const rejected = await admin.patch(
          buildPath(routes.faceUpdate.path, { id: faces[0]!.id }),
          {
            rejected_participant_id: alice,
          },
        );
        expect(rejected.statusCode, rejected.body).toBe(200);
        expect((rejected.json() as { face: Face }).face.suggestion).toBeNull();
        const thirdCopy = await uploadPicture(server, admin, 'encore.jpg', copy);
        await server.jobsSettled(SETTLE_MS);
        const third = byX((await facesOf(reader, thirdCopy.fileId)).data);
        expect(third[0]!.suggestion?.id).toBe(alice);
        await admin.patch(buildPath(routes.faceUpdate.path, { id: third[0]!.id }), {
          participant_id: alice,
        });
        const again = byX((await facesOf(reader, second.fileId)).data);
        expect(again[0]!.suggestion).toBeNull();
        expect((await mediaOf(reader, alice)).sort()).toEqual(
          [original.itemId, thirdCopy.itemId].sort(),
        );
      },
      SETTLE_MS * 2,
    );

    it('lists the people with named faces: photo count and their clearest crop', async () => {
      const response = await reader.get(routes.facesPeople.path);
      expect(response.statusCode, response.body).toBe(200);
      const people = response.json() as FacePersonCard[];
      const card = people.find((person) => person.id === alice);
      expect(card).toMatchObject({ name: 'Alice', photos: (await mediaOf(reader, alice)).length });
      const crop = await reader.get(card!.face.crop_url);
      expect(crop.statusCode).toBe(200);
      expect(crop.headers['content-type']).toBe('image/jpeg');
      // Nobody else is named yet: suggestions and unknown faces make no card.
      expect(people.map((person) => person.id)).toEqual([alice]);
    });

    it('groups unknown faces that look alike; naming the group names them all', async () => {
      const response = await reader.get(`${routes.facesUnknown.path}?per_page=50`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as Paginated<FaceGroup>;
      const sizes = page.data.map((group) => group.size);
      expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
      // The middle face of the original, and of both copies.
      const [, middle] = byX((await facesOf(reader, original.fileId)).data);
      const group = page.data.find((g) => g.faces.some((face) => face.id === middle!.id))!;
      expect(group.size).toBeGreaterThanOrEqual(2);
      expect(group.faces[0]!.crop_url).toBe(
        buildPath(routes.faceCrop.path, { id: group.faces[0]!.id }),
      );

      const bob = await participant(admin, 'Bob');
      expect(
        (
          await reader.post(buildPath(routes.faceGroupName.path, { id: group.id }), {
            participant_id: bob,
          })
        ).statusCode,
      ).toBe(403);
      // "Not them" for the whole group: remembered on every face of it, in one request.
      const dora = await participant(admin, 'Dora');
      const groupPath = buildPath(routes.faceGroupName.path, { id: group.id });
      for (const body of [{}, { participant_id: bob, rejected_participant_id: dora }]) {
        expect((await admin.post(groupPath, body)).statusCode).toBe(422);
      }
      const rejected = await admin.post(groupPath, { rejected_participant_id: dora });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect((rejected.json() as { count: number }).count).toBe(group.size);
      const remembered = await facesDb(server.ctx.db)
        .selectFrom('face_rejections as r')
        .innerJoin('faces as f', 'f.id', 'r.face_id')
        .select('r.face_id')
        .where('f.group_id', '=', group.id)
        .where('r.participant_id', '=', dora)
        .execute();
      expect(remembered).toHaveLength(group.size);

      const named = await admin.post(groupPath, { participant_id: bob });
      expect(named.statusCode, named.body).toBe(200);
      expect((named.json() as { count: number }).count).toBe(group.size);
      expect((await mediaOf(reader, bob)).length).toBe(group.size);
      const after = (
        await reader.get(`${routes.facesUnknown.path}?per_page=50`)
      ).json() as Paginated<FaceGroup>;
      expect(after.data.find((g) => g.id === group.id)).toBeUndefined();
    });

    it('serves a small crop of a face', async () => {
      const [face] = (await facesOf(reader, original.fileId)).data;
      const response = await reader.get(buildPath(routes.faceCrop.path, { id: face!.id }));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([160, 160]);
      const cached = await reader.send(
        'GET',
        buildPath(routes.faceCrop.path, { id: face!.id }),
        undefined,
        {
          headers: { 'if-none-match': response.headers.etag as string },
        },
      );
      expect(cached.statusCode).toBe(304);
    });

    it('adds a face by hand, refuses bad input, and removes a face that is not one', async () => {
      const path = buildPath(routes.fileFaceCreate.path, { id: original.fileId });
      const outside = await admin.post(path, { box: { x: 0.9, y: 0.1, width: 0.3, height: 0.2 } });
      expect(outside.statusCode).toBe(422);
      const unknown = await admin.post(path, {
        box: { x: 0.05, y: 0.6, width: 0.1, height: 0.15 },
        participant_id: 999_999,
      });
      expect(unknown.statusCode).toBe(422);
      const created = await admin.post(path, {
        box: { x: 0.05, y: 0.6, width: 0.1, height: 0.15 },
      });
      expect(created.statusCode, created.body).toBe(201);
      const face = (created.json() as { face: Face }).face;
      expect(face).toMatchObject({ origin: 'manual', participant: null });
      expect(
        (await admin.patch(buildPath(routes.faceUpdate.path, { id: face.id }), {})).statusCode,
      ).toBe(422);
      expect(
        (await reader.delete(buildPath(routes.faceDelete.path, { id: face.id }))).statusCode,
      ).toBe(403);
      expect(
        (await admin.delete(buildPath(routes.faceDelete.path, { id: face.id }))).statusCode,
      ).toBe(200);
      expect((await facesOf(reader, original.fileId)).data.map((f) => f.id)).not.toContain(face.id);
      expect(
        (await admin.delete(buildPath(routes.faceDelete.path, { id: face.id }))).statusCode,
      ).toBe(404);
    });

    it('carries faces through merging and dividing participants', async () => {
      const carol = await participant(admin, 'Carol');
      const [, , last] = byX((await facesOf(reader, original.fileId)).data);
      await admin.patch(buildPath(routes.faceUpdate.path, { id: last!.id }), {
        participant_id: carol,
      });
      expect(await mediaOf(reader, carol)).toEqual([original.itemId]);
      const merged = await admin.post(routes.participantMerge.path, {
        participants: [alice, carol],
        participantToKeep: alice,
      });
      expect(merged.statusCode, merged.body).toBe(200);
      const faces = byX((await facesOf(reader, original.fileId)).data);
      expect(faces[2]!.participant).toEqual({ id: alice, name: 'Alice' });
      expect(faces[0]!.participant).toEqual({ id: alice, name: 'Alice' });

      const divided = await admin.post(buildPath(routes.participantDivide.path, { id: alice }), {
        name1: 'Alice A.',
        name2: 'Alice B.',
      });
      expect(divided.statusCode, divided.body).toBe(200);
      const [, second] = (divided.json() as { participants: { id: number }[] }).participants;
      // The faces stay the original's; the new participant is linked to the same pictures.
      expect(byX((await facesOf(reader, original.fileId)).data)[0]!.participant?.name).toBe(
        'Alice A.',
      );
      expect((await mediaOf(reader, second!.id)).sort()).toEqual(
        (await mediaOf(reader, alice)).sort(),
      );
    });

    it('unnames a face: the picture leaves the list, the face goes back among the unknown', async () => {
      const bobFaces = await facesDb(server.ctx.db)
        .selectFrom('faces')
        .innerJoin('participants', 'participants.id', 'faces.participant_id')
        .select(['faces.id', 'faces.participant_id'])
        .where('participants.name', '=', 'Bob')
        .execute();
      const bob = bobFaces[0]!.participant_id!;
      const before = await mediaOf(reader, bob);
      const response = await admin.patch(
        buildPath(routes.faceUpdate.path, { id: bobFaces[0]!.id }),
        {
          participant_id: null,
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      const face = (response.json() as { face: Face }).face;
      expect(face.participant).toBeNull();
      // Its twins are still Bob: he is suggested again.
      expect(face.suggestion?.id).toBe(bob);
      expect((await mediaOf(reader, bob)).length).toBe(before.length - 1);
      const row = await facesDb(server.ctx.db)
        .selectFrom('faces')
        .select('group_id')
        .where('id', '=', face.id)
        .executeTakeFirstOrThrow();
      expect(row.group_id).not.toBeNull();
    });

    it('takes a named picture out of the lists when it goes to the deleted medias, and back', async () => {
      const before = await mediaOf(reader, alice);
      expect(before).toContain(original.itemId);
      const removed = await admin.delete(
        buildPath(routes.fileDelete.path, { id: original.fileId }),
      );
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await mediaOf(reader, alice)).not.toContain(original.itemId);
      expect(
        (await reader.get(buildPath(routes.fileFaces.path, { id: original.fileId }))).statusCode,
      ).toBe(404);
      const restored = await admin.post(
        buildPath(routes.deletedMediaRestore.path, { id: original.fileId }),
      );
      expect(restored.statusCode, restored.body).toBe(200);
      const back = await facesDb(server.ctx.db)
        .selectFrom('files')
        .select('item_id')
        .where('id', '=', original.fileId)
        .executeTakeFirstOrThrow();
      expect(await mediaOf(reader, alice)).toContain(back.item_id);
    });
  },
);
