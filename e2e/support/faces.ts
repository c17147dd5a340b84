import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { BrowserContext, Page } from './browser.js';
import type { SanctumClient } from './http-client.js';
import type { RunningServer } from './server.js';

/** The face-api package's demo picture with three faces (1920×1280). */
export const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);
export const threeFaces = () => fs.readFileSync(path.join(demo, 'sample1.jpg'));
/** The same photo cropped to its left part and made smaller, as a copy someone scanned again. */
export const croppedCopy = () =>
  sharp(threeFaces())
    .extract({ left: 0, top: 0, width: 1150, height: 1280 })
    .resize(860)
    .jpeg({ quality: 80 })
    .toBuffer();

// Detection takes a second or two a picture on this machine, after the models' first load.
export const DETECTION_MS = 150_000;

export interface FaceRow {
  id: number;
  box: { x: number };
  participant: { id: number; name: string } | null;
  suggestion: { id: number; name: string } | null;
}

/** A media item with one JPEG uploaded and attached as the form does; its id and the file's. */
export async function mediaWithPicture(
  server: RunningServer,
  api: SanctumClient,
  name: string,
  data: Buffer,
) {
  const media = await api.request('POST', '/api/medias', { title: name, language: 'fr' });
  expect(media.status, media.text).toBe(201);
  const itemId = (media.json.item as { id: number }).id;
  const form = new FormData();
  form.append('filepond', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), name);
  const upload = await fetch(`${server.url}/api/medias/filepond`, {
    method: 'POST',
    headers: {
      cookie: ['kinfolio_session', 'XSRF-TOKEN']
        .map((cookie) => `${cookie}=${api.cookie(cookie) ?? ''}`)
        .join('; '),
      'x-xsrf-token': decodeURIComponent(api.cookie('XSRF-TOKEN') ?? ''),
    },
    body: form,
  });
  expect(upload.status).toBe(201);
  const attached = await api.request('PATCH', '/api/medias/addfilepond', {
    newmedias: [await upload.text()],
    modelId: itemId,
    modelType: 'media',
  });
  expect(attached.status, attached.text).toBe(200);
  const item = await api.request('GET', `/api/medias-single/${itemId}`);
  const fileId = (item.json.files as { id: number }[])[0]!.id;
  return { itemId, fileId };
}

/** The picture's faces once the detector has read it (and its thumbnail is made), left to right. */
export async function detectedFaces(api: SanctumClient, item: { itemId: number; fileId: number }) {
  for (const end = Date.now() + DETECTION_MS; Date.now() < end;) {
    const faces = await api.request('GET', `/api/files/${item.fileId}/faces`);
    const single = await api.request('GET', `/api/medias-single/${item.itemId}`);
    const thumbed = (single.json.files as { thumbnail_url?: string }[])[0]?.thumbnail_url;
    if (faces.json.status === 'done' && thumbed) {
      return [...(faces.json.data as FaceRow[])].sort((a, b) => a.box.x - b.box.x);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`file ${item.fileId} was not read in time`);
}

/** Opens the item's first picture in the lightbox and shows its face boxes, with taps. */
export async function openPictureFaces(page: Page, itemId: number, name: string) {
  await page.goto(`/medias/${itemId}/profile`);
  await page.getByRole('button', { name: `Ouvrir ${name}` }).tap();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: /^\d+ visages?$/ }).tap();
  return dialog;
}

/** The face boxes of the open picture, left to right. */
export async function boxesLeftToRight(page: Page) {
  const boxes = page.locator('.kf-face-box:not(.kf-face-draft)');
  const lefts = await boxes.evaluateAll((nodes) =>
    nodes.map((node) => (node as HTMLElement).getBoundingClientRect().left),
  );
  return lefts
    .map((left, index) => ({ left, box: boxes.nth(index) }))
    .sort((a, b) => a.left - b.left)
    .map((entry) => entry.box);
}

/** A part of the picture where sample1.jpg (and its copy) has no face, relative. */
export const EMPTY_CORNER = { x: 0.02, y: 0.4, x2: 0.14, y2: 0.6 } as const;

/** Where the open picture's corner lies on the screen, in CSS pixels. */
export async function cornerOnScreen(page: Page) {
  const frame = await page.locator('.kf-face-frame').boundingBox();
  if (!frame) throw new Error('no picture shown');
  const at = (x: number, y: number) => ({
    x: frame.x + frame.width * x,
    y: frame.y + frame.height * y,
  });
  return { from: at(EMPTY_CORNER.x, EMPTY_CORNER.y), to: at(EMPTY_CORNER.x2, EMPTY_CORNER.y2) };
}

/** One finger drawing across the picture, as Chromium gets it from a touch screen. */
export async function dragWithFinger(context: BrowserContext, page: Page) {
  const { from, to } = await cornerOnScreen(page);
  const cdp = await context.newCDPSession(page);
  const finger = (t: number) => [
    { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t, id: 0 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: finger(0) });
  for (let step = 1; step <= 8; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: finger(step / 8),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The hand-drawn face among the picture's faces: the one in the empty part. */
export async function drawnFace(api: SanctumClient, fileId: number) {
  const faces = await api.request('GET', `/api/files/${fileId}/faces`);
  return (faces.json.data as (FaceRow & { box: { x: number; y: number; width: number } })[]).find(
    (face) => face.box.x < 0.1,
  );
}

/**
 * Whether the open dialog is on top along its bottom edge, where the page below it may hold a
 * map. Leaflet's panes let the pointer through, so `elementFromPoint` would look past them: they
 * take it for the time of the look, and what is found must be the dialog's.
 */
export function dialogOnTop(page: Page, name: string) {
  return page.getByRole('dialog', { name }).evaluate((dialog) => {
    const style = document.createElement('style');
    style.textContent = '.leaflet-pane, .leaflet-pane * { pointer-events: auto !important; }';
    document.head.append(style);
    const rect = dialog.getBoundingClientRect();
    const bottom = Math.min(rect.bottom, window.innerHeight) - 6;
    const onTop = [0.05, 0.3, 0.5, 0.7, 0.95].every((part) => {
      const found = document.elementFromPoint(rect.left + rect.width * part, bottom);
      return found !== null && dialog.contains(found);
    });
    style.remove();
    return onTop;
  });
}
