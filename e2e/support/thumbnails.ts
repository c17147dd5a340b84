import { ITEM_BASES, type ItemType } from '@kinfolio/contract';
import { expect } from 'vitest';
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
  await expect
    .poll(
      async () => {
        const response = await api.request('GET', `${ITEM_BASES[item.type]}-single/${item.id}`);
        const files = (response.json?.files ?? []) as { thumbnail_url?: string }[];
        return files.filter((file) => file.thumbnail_url).length;
      },
      { timeout },
    )
    .toBeGreaterThanOrEqual(count);
}
