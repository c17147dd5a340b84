import { ITEM_BASES, type ItemType } from '@kinfolio/contract';
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
