import {
  routes,
  type Family,
  type PortraitChoices,
  type RelationCreated,
} from '@kinfolio/contract';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import { itemsApi } from '../../test/items-api.js';
import { editorAndReaderSuite } from '../../test/suite.js';
import { uploadFile } from '../../test/uploads.js';
import { findMatches } from './index.js';

/** A face row as the faces module stores one (only what portraits read matters here). */
type WithFaces = Database & {
  faces: {
    id?: number;
    file_id: number;
    box_x: number;
    box_y: number;
    box_width: number;
    box_height: number;
    model_version: string;
    origin: 'detected' | 'manual';
    participant_id: number | null;
    created_at: string;
  };
};

describe('family: new relatives in one step, portraits, relation places, name matching', () => {
  const suite = editorAndReaderSuite();

  let counter = 0;
  async function person(name?: string): Promise<number> {
    const response = await suite.editor.post('/api/participants', {
      name: name ?? `Relative ${++counter}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().participant.id;
  }
  const relate = (id: number, body: Record<string, unknown>) =>
    suite.editor.post(`/api/participants/${id}/relations`, body);
  const namedCount = async (name: string) =>
    (
      await suite.server.ctx.db
        .selectFrom('participants')
        .select('id')
        .where('name_lower', '=', name.toLowerCase())
        .execute()
    ).length;

  it('adds a new person with their life and the relation in one transaction', async () => {
    const child = await person();
    const response = await relate(child, {
      type: 'parent',
      person: {
        name: 'Maria Nuova',
        given_names: 'Maria',
        surname: 'Nuova',
        birth: { date: { qualifier: 'about', start: { year: 1950 } } },
      },
      kind: 'adopted',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as RelationCreated;
    expect(created.relative).toMatchObject({ name: 'Maria Nuova', created: true });
    expect(created.relation).toMatchObject({
      type: 'parent',
      kind: 'adopted',
      person1_id: created.relative.id,
      person2_id: child,
    });
    const family = (await suite.reader.get(`/api/participants/${child}/family`)).json() as Family;
    expect(family.parents.map((p) => p.person)).toMatchObject([
      {
        id: created.relative.id,
        life: { surname: 'Nuova', birth: { date: { qualifier: 'about' } } },
      },
    ]);
    // An existing relative is named back, not created.
    const other = await person('Existing Partner');
    const partner = await relate(child, { type: 'spouse', participant_id: other });
    expect(partner.json().relative).toEqual({
      id: other,
      name: 'Existing Partner',
      created: false,
    });
  });

  it('a refused relation leaves no new person behind', async () => {
    const child = await person();
    for (const parent of [await person(), await person()]) {
      expect((await relate(child, { type: 'parent', participant_id: parent })).statusCode).toBe(
        201,
      );
    }
    const third = await relate(child, { type: 'parent', person: { name: 'Third Parent' } });
    expect(third.statusCode, third.body).toBe(422);
    expect(third.json().errors.participant_id).toBeDefined();
    expect(await namedCount('Third Parent')).toBe(0);
    // A bad date on the relation, a taken name, a missing anchor: nothing made either.
    const badDate = await relate(child, {
      type: 'child',
      person: { name: 'Bad Date Child' },
      start: { qualifier: 'between', start: { year: 1990 } },
    });
    expect(badDate.statusCode).toBe(422);
    expect(await namedCount('Bad Date Child')).toBe(0);
    const taken = await relate(child, { type: 'child', person: { name: 'Existing Partner' } });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toContain('name');
    expect((await relate(999_999, { type: 'child', person: { name: 'Orphan' } })).statusCode).toBe(
      404,
    );
    expect(await namedCount('Orphan')).toBe(0);
    // Exactly one of participant_id and person, in four languages.
    const messages = new Set<string>();
    for (const language of ['fr', 'en', 'it', 'de']) {
      suite.editor.language = language;
      const both = await relate(child, {
        type: 'child',
        participant_id: child,
        person: { name: 'Both' },
      });
      expect(both.statusCode).toBe(422);
      messages.add(both.json().errors.participant_id[0]);
      expect((await relate(child, { type: 'child' })).statusCode).toBe(422);
    }
    suite.editor.language = 'en';
    expect(messages.size).toBe(4);
    expect(
      (
        await suite.reader.post(`/api/participants/${child}/relations`, {
          type: 'child',
          person: { name: 'By A Reader' },
        })
      ).statusCode,
    ).toBe(403);
    expect(await namedCount('By A Reader')).toBe(0);
  });

  it('refuses a place on a parent relation (the contract: a marriage’s only)', async () => {
    const [parent, child, partner] = [await person(), await person(), await person()];
    const refused = await relate(child, {
      type: 'parent',
      participant_id: parent,
      place: { name: 'Roma' },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['place']);
    const parentRelation = (await relate(child, { type: 'parent', participant_id: parent })).json()
      .relation.id as number;
    const update = await suite.editor.patch(`/api/participant-relations/${parentRelation}`, {
      place: { name: 'Roma' },
    });
    expect(update.statusCode).toBe(422);
    // Null, or no place, is fine; a marriage keeps its place and dates when edited.
    expect(
      (
        await suite.editor.patch(`/api/participant-relations/${parentRelation}`, {
          place: null,
          kind: 'foster',
        })
      ).json().relation,
    ).toMatchObject({ kind: 'foster', place: null });
    const marriage = (
      await relate(child, { type: 'spouse', participant_id: partner, place: { name: 'Asti' } })
    ).json().relation.id as number;
    const edited = await suite.editor.patch(`/api/participant-relations/${marriage}`, {
      start: { qualifier: 'exact', start: { year: 1975, month: 6, day: 14 } },
    });
    expect(edited.json().relation).toMatchObject({
      start: { start: { year: 1975, month: 6, day: 14 } },
      place: { name: 'Asti' },
    });
  });

  it('findMatches folds the case of every script, on both engines', async () => {
    const db = suite.server.ctx.db;
    const id = await person('Jörg MÜLLER');
    await suite.editor.patch(`/api/participants/${id}`, { surname: 'MÜLLER', given_names: 'JÖRG' });
    const ids = async (query: Parameters<typeof findMatches>[1]) =>
      (await findMatches(db, query)).map((match) => match.id);
    expect(await ids({ surname: 'Müller' })).toEqual([id]);
    expect(await ids({ surname: 'müller', given_names: 'Jörg' })).toEqual([id]);
    expect(await ids({ surname: 'Müller', given_names: 'Hans' })).toEqual([]);
    // The pattern only narrows: a same-shaped other name is left out.
    expect(await ids({ surname: 'Mäller' })).toEqual([]);
    expect(await ids({ name: 'JÖRG müller' })).toEqual([id]);
  });

  it('offers the faces named as a person and the pictures they are in as portraits', async () => {
    const id = await person('Portrait Person');
    const other = await person();
    const media = itemsApi(suite.editor, 'media');
    const picture = async (title: string, from: number[]) => {
      const item = await media.create({ title, language: 'fr', from });
      const data = await sharp({
        create: { width: 64, height: 48, channels: 3, background: '#884422' },
      })
        .jpeg()
        .toBuffer();
      const upload = await uploadFile(suite.editor, {
        name: `${title}.jpg`,
        type: 'image/jpeg',
        data,
      });
      expect(upload.statusCode, upload.body).toBe(201);
      // Read before attaching: attaching clears the upload's token.
      const file = await suite.server.ctx.db
        .selectFrom('files')
        .select('id')
        .where('upload_token', '=', upload.body)
        .executeTakeFirstOrThrow();
      const attached = await suite.editor.patch(routes.addFilepond.path, {
        newmedias: [upload.body],
        modelId: item.id,
        modelType: 'media',
      });
      expect(attached.statusCode, attached.body).toBe(200);
      return { itemId: item.id, fileId: file.id };
    };
    const linked = await picture('With them', [id]);
    const faced = await picture('Their face', [other]);
    const elsewhere = await picture('Not them', [other]);
    const faces = suite.server.ctx.db as unknown as Kysely<WithFaces>;
    const face = (fileId: number, size: number, participant: number | null) =>
      faces
        .insertInto('faces')
        .values({
          file_id: fileId,
          box_x: 0.1,
          box_y: 0.1,
          box_width: size,
          box_height: size,
          model_version: 'test',
          origin: 'manual',
          participant_id: participant,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const small = await face(linked.fileId, 0.2, id);
    const large = await face(faced.fileId, 0.5, id);
    await face(elsewhere.fileId, 0.6, other);

    const response = await suite.reader.get(`/api/participants/${id}/portraits`);
    expect(response.statusCode, response.body).toBe(200);
    const choices = response.json() as PortraitChoices;
    expect(choices.faces.map((f) => f.id)).toEqual([large.id, small.id]);
    expect(choices.faces[0]).toMatchObject({
      file_id: faced.fileId,
      item_id: faced.itemId,
      crop_url: `/api/faces/${large.id}/crop`,
    });
    expect(choices.pictures.map((p) => p.file_id).sort()).toEqual(
      [linked.fileId, faced.fileId].sort(),
    );
    expect(choices.pictures.find((p) => p.file_id === linked.fileId)).toMatchObject({
      item_id: linked.itemId,
      title: 'With them',
    });
    // What is offered is what the portrait accepts: a face, a picture, then cleared.
    for (const portrait of [{ face_id: large.id }, { file_id: linked.fileId }]) {
      const saved = await suite.editor.patch(`/api/participants/${id}`, { portrait });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const cleared = await suite.editor.patch(`/api/participants/${id}`, { portrait: null });
    expect(cleared.json().participant.life.portrait).toBeNull();
    expect((await suite.reader.get('/api/participants/999999/portraits')).statusCode).toBe(404);
  });
});
