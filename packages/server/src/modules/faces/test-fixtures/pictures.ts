import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildPath, routes, type FileFaces } from '@kinfolio/contract';
import { expect } from 'vitest';
import type { TestClient } from '../../../test/client.js';
import { itemsApi } from '../../../test/items-api.js';
import type { TestServer } from '../../../test/server.js';
import { uploadFile } from '../../../test/uploads.js';

const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);

/** One of the face-api package's demo pictures (sample1: three faces, 1920×1280). */
export const sample = (n: number): Buffer => fs.readFileSync(path.join(demo, `sample${n}.jpg`));

/** A media item with one picture uploaded and attached through the API; the file's id. */
export async function uploadPicture(
  server: TestServer,
  editor: TestClient,
  name: string,
  data: Buffer,
): Promise<{ fileId: number; itemId: number }> {
  const media = await itemsApi(editor, 'media').create({ title: name, language: 'fr' });
  const response = await uploadFile(editor, { name, type: 'image/jpeg', data });
  expect(response.statusCode, response.body).toBe(201);
  const row = await server.ctx.db
    .selectFrom('files')
    .select('id')
    .where('upload_token', '=', response.body)
    .executeTakeFirstOrThrow();
  const attached = await editor.patch(routes.addFilepond.path, {
    newmedias: [response.body],
    modelId: media.id,
    modelType: 'media',
  });
  expect(attached.statusCode, attached.body).toBe(200);
  return { fileId: row.id, itemId: media.id };
}

export async function facesOf(client: TestClient, fileId: number): Promise<FileFaces> {
  const response = await client.get(buildPath(routes.fileFaces.path, { id: fileId }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as FileFaces;
}

/** The ids of the media items listed for a participant. */
export async function mediaOf(client: TestClient, participantId: number): Promise<number[]> {
  const page = await itemsApi(client, 'media').filtered('participant', participantId);
  return page.data.map((row) => row.id);
}

export async function participant(client: TestClient, name: string): Promise<number> {
  const response = await client.post(routes.participantCreate.path, { name });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { participant: { id: number } }).participant.id;
}
