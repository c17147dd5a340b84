import fs from 'node:fs';
import path from 'node:path';
import { routePath, type RecordSegment } from '@kinfolio/contract';
import { expect } from 'vitest';
import { lavfiFile } from '../../../../test/audio.js';
import type { TestClient } from '../../../../test/client.js';
import { uploadFile } from '../../../../test/uploads.js';

/**
 * `seconds` of a 440 Hz tone that sounds for `on` seconds of every `period` (from `offset`),
 * silent otherwise: passages separated by silences, made by ffmpeg.
 */
export function passagesFile(
  file: string,
  seconds: number,
  options: { period?: number; on?: number; offset?: number; rate?: number } = {},
): Promise<string> {
  const { period = 5, on = 3, offset = 0, rate = 22050 } = options;
  // `\,`: commas inside the expression are not the filter graph's separators.
  const expression = `0.5*sin(2*PI*440*t)*lt(mod(t-${offset}+${period}\\,${period})\\,${on})`;
  return lavfiFile(file, `aevalsrc=exprs=${expression}:s=${rate}:d=${seconds}`, ['-ac', '1']);
}

/** A record with these audio parts (local files), created and attached through the API. */
export async function recordWithParts(
  editor: TestClient,
  files: string[],
  fields: Record<string, unknown> = {},
): Promise<number> {
  const created = await editor.post('/api/records', { lang: 'fr', title: 'Entretien', ...fields });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json().record as { id: number }).id;
  if (files.length === 0) return id;
  const tokens: string[] = [];
  for (const file of files) {
    const type = file.endsWith('.wav') ? 'audio/wav' : 'audio/mpeg';
    const data = fs.readFileSync(file);
    const uploaded = await uploadFile(editor, { name: path.basename(file), type, data });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    tokens.push(uploaded.body);
  }
  const attached = await editor.patch(routePath('addFilepond'), {
    newmedias: tokens,
    modelId: id,
    modelType: 'record',
  });
  expect(attached.statusCode, attached.body).toBe(200);
  return id;
}

/** Asks for a detection and waits for it to be done; the record's segments then. */
export async function detected(
  client: TestClient,
  id: number,
  body: Record<string, unknown> = {},
  timeoutMs = 60_000,
): Promise<RecordSegment[]> {
  const queued = await client.post(`/api/records/${id}/segments/detect`, body);
  expect(queued.statusCode, queued.body).toBe(202);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = (await client.get(`/api/records/${id}/segments/detect`)).json();
    if (status.status === 'done') break;
    expect(['queued', 'running']).toContain(status.status);
    if (Date.now() > deadline) throw new Error(`detection of record ${id} still ${status.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (await client.get(`/api/records/${id}/segments`)).json().data;
}

export const startsOf = (segments: { start: number }[]) =>
  segments.map((s) => Math.round(s.start * 10) / 10);
