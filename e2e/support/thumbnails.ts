import { ITEM_BASES, type ItemType } from '@kinfolio/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { FrenchAdminApp } from './french-admin.js';
import type { SanctumClient } from './http-client.js';

/**
 * Waits until `count` pictures of an item have their thumbnail. The server makes thumbnails in a
 * background job after the upload has answered (the `files.thumbnail` job), so a page opened at
 * once may still show a picture as a plain file; open it after this instead.
 */
export async function thumbnailsMade(
  api: SanctumClient,
  item: { type: ItemType; id: number },
  count: number,
  timeout = 30_000,
): Promise<void> {
  // A plain loop, not expect.poll: suites call this from their beforeAll, outside any test.
  let made = 0;
  for (const end = Date.now() + timeout; Date.now() < end;) {
    const response = await api.request('GET', `${ITEM_BASES[item.type]}-single/${item.id}`);
    const files = (response.json?.files ?? []) as { thumbnail_url?: string }[];
    made = files.filter((file) => file.thumbnail_url).length;
    if (made >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${made} of ${count} thumbnails made after ${timeout} ms`);
}

/** A small picture (the server makes its thumbnail). */
export const picture = (background: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * Uploads a file through FilePond's route and attaches it to the item, as the form does; waits
 * for its thumbnail (a background job's).
 */
export async function attachFile(
  app: FrenchAdminApp,
  item: { id: number; type: ItemType },
  name: string,
  data: Buffer,
) {
  const { api, server } = app;
  const form = new FormData();
  form.append('filepond', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
  const cookies = ['kinfolio_session', 'XSRF-TOKEN']
    .map((cookie) => `${cookie}=${api.cookie(cookie) ?? ''}`)
    .join('; ');
  const upload = await fetch(`${server.url}/api/medias/filepond`, {
    method: 'POST',
    headers: {
      cookie: cookies,
      'x-xsrf-token': decodeURIComponent(api.cookie('XSRF-TOKEN') ?? ''),
    },
    body: form,
  });
  expect(upload.status).toBe(201);
  const attached = await api.request('PATCH', '/api/medias/addfilepond', {
    newmedias: [await upload.text()],
    modelId: item.id,
    modelType: item.type,
  });
  expect(attached.status, attached.text).toBe(200);
  await thumbnailsMade(api, item, 1);
}
