import { expect } from 'vitest';
import { nextRouteResponse } from './app.js';
import { toneMp3 } from './audio.js';
import type { Page } from './browser.js';

/**
 * Drops two tones as the new record's parts (face-a-1.mp3, 6 s; face-a-2.mp3, 8 s) and waits up
 * to `timeout` ms until both are uploaded.
 */
export async function attachTwoParts(page: Page, timeout: number): Promise<void> {
  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout });
  await poll(() => page.locator('.filepond--drop-label').innerText()).toContain('Glissez');
  await page.locator('.filepond--root input[type="file"]').setInputFiles([
    { name: 'face-a-1.mp3', mimeType: 'audio/mpeg', buffer: await toneMp3(6, 330) },
    { name: 'face-a-2.mp3', mimeType: 'audio/mpeg', buffer: await toneMp3(8, 440) },
  ]);
  await poll(() =>
    page.locator('.filepond--item[data-filepond-item-state="processing-complete"]').count(),
  ).toBe(2);
}

/** Sends the new record's form, checks its parts were attached, and returns the record's id. */
export async function createRecord(page: Page): Promise<number> {
  const attached = nextRouteResponse(page, 'addFilepond');
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  expect((await attached).status()).toBe(200);
  await page.waitForURL((url) => /^\/records\/\d+\/profile$/.test(url.pathname));
  return Number(new URL(page.url()).pathname.split('/')[2]);
}
