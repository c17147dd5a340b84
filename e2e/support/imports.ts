import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Import } from '@kinfolio/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import yazl from 'yazl';
import type { Page } from './browser.js';
import type { SanctumClient } from './http-client.js';

/*
 * Sources the import tests make themselves. The server's own import tests have their makers in
 * its test tree, which the e2e build does not reach: the few needed here are kept minimal.
 */

/**
 * A picture of its own for each seed: 8×8 random colours enlarged smoothly, so that (as in a
 * photo) its shapes are large and a resized, recompressed copy keeps its perceptual hash.
 */
export async function picture(seed: number, size = 320): Promise<Buffer> {
  const pixels = Buffer.alloc(8 * 8 * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < pixels.length; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    pixels[i] = state >>> 24;
  }
  return sharp(pixels, { raw: { width: 8, height: 8, channels: 3 } })
    .resize(size, size, { kernel: 'cubic' })
    .jpeg()
    .toBuffer();
}

/** A zip of these entries (names with their folders). */
export function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A Google Photos sidecar as Takeout writes it (times as strings of seconds; 0/0 is no place). */
export function takeoutSidecar(
  title: string,
  iso: string,
  extra: { geo?: [number, number]; description?: string } = {},
): Buffer {
  const seconds = String(Date.parse(iso) / 1000);
  const [latitude, longitude] = extra.geo ?? [0, 0];
  return Buffer.from(
    JSON.stringify({
      title,
      description: extra.description ?? '',
      creationTime: { timestamp: seconds, formatted: 'whatever' },
      photoTakenTime: { timestamp: seconds, formatted: 'whatever' },
      geoData: { latitude, longitude, altitude: 0, latitudeSpan: 0, longitudeSpan: 0 },
      url: 'https://photos.google.com/photo/x',
    }),
  );
}

/** The import's id in the page's address (`/imports/12`). */
export const importIdOf = (page: Page) =>
  Number(/\/imports\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

/** The import as its status route shows it. */
export async function importOf(api: SanctumClient, id: number): Promise<Import> {
  const answer = await api.request('GET', `/api/imports/${id}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as unknown as Import;
}

/**
 * Imports a file the way an admin may, by its path on the server (the e2e server runs on this
 * machine), and waits for its report: setup for what a screen test then imports again.
 */
export async function importedByPath(
  api: SanctumClient,
  name: string,
  data: Buffer,
): Promise<Import> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-e2e-import-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  const queued = await api.request('POST', '/api/imports', { path: file });
  expect(queued.status, queued.text).toBe(202);
  const id = (queued.json as unknown as { import: Import }).import.id;
  let entry = await importOf(api, id);
  for (const end = Date.now() + 30_000; Date.now() < end;) {
    if (!['analysing', 'queued', 'running'].includes(entry.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
    entry = await importOf(api, id);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  expect(entry.status, JSON.stringify(entry.errors)).toBe('done');
  return entry;
}
