import { buildPath, routes, type Import } from '@kinfolio/contract';
import { expect } from 'vitest';
import type { TestClient } from '../../../test/client.js';
import type { TestServer } from '../../../test/server.js';

/** Requests of the import tests (tests only). */

/** A multipart body with option fields, then the file. */
export function importBody(name: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----kinfolio${Math.random().toString(16).slice(2)}`;
  const head = (disposition: string, type?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([key, value]) =>
      Buffer.from(`${head(`name="${key}"`)}${value}\r\n`),
    ),
    Buffer.from(head(`name="file"; filename="${name}"`, 'application/octet-stream')),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `POST /api/imports` with an upload. */
export function upload(
  client: TestClient,
  name: string,
  data: Buffer,
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = importBody(name, data, fields);
  return client.sendRaw('POST', routes.importCreate.path, payload, {
    'content-type': contentType,
  });
}

/** Uploads, waits for the job, and returns the import as its status route shows it. */
export async function imported(
  server: TestServer,
  client: TestClient,
  name: string,
  data: Buffer,
  fields: Record<string, string> = {},
): Promise<Import> {
  const response = await upload(client, name, data, fields);
  expect(response.statusCode, response.body).toBe(202);
  await server.jobsSettled();
  const id = response.json<{ import: Import }>().import.id;
  const status = await client.get(buildPath(routes.importStatus.path, { id }));
  expect(status.statusCode).toBe(200);
  return status.json<Import>();
}

/** How many media items the archive holds (in the trash or not). */
export async function mediaCount(server: TestServer): Promise<number> {
  const row = await server.ctx.db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', 'media')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
