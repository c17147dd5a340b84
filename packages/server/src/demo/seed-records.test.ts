import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RecordEntity, RecordListRow } from '@kinfolio/contract';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client.js';
import { createTestServer, type TestServer } from '../test/server.js';
import { DEMO_RECORDS, lastTimeCode } from './records.js';
import { seedDemo, type SeedSummary } from './seed.js';

describe('demo records with generated audio', () => {
  let server: TestServer;
  let dataDir: string;
  let reader: TestClient;
  let summary: SeedSummary;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-demo-audio-'));
    server = await createTestServer({ env: { DATA_DIR: dataDir } });
    await server.createUser({ email: 'reader@example.com' });
    reader = await server.loggedIn('reader@example.com');
    summary = await seedDemo(server.ctx, { size: 20, seed: 2, audio: server.ctx.storage.files });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds records in several languages, with people and time-coded transcripts', async () => {
    const parts = DEMO_RECORDS.reduce((n, r) => n + r.parts, 0);
    expect(summary).toMatchObject({ records: DEMO_RECORDS.length, audioFiles: parts });
    const live = (await reader.get('/api/records?per_page=100')).json().data as RecordListRow[];
    const trash = (await reader.get('/api/records?trash=1')).json().data as RecordListRow[];
    expect(live.length + trash.length).toBe(DEMO_RECORDS.length);
    expect(trash.length).toBeGreaterThan(0);
    expect(new Set(live.map((r) => r.lang)).size).toBeGreaterThanOrEqual(4);
    expect(live.every((r) => r.people.length > 0 && r.preview.length > 0)).toBe(true);
    const found = (await reader.get('/api/records?query=agnolotti')).json();
    expect(found.data[0].snippet).toContain('<mark>agnolotti</mark>');
  });

  it('stores real MP3 parts, in order, long enough for every time code', async () => {
    const list = (await reader.get('/api/records?per_page=100')).json().data as RecordListRow[];
    for (const row of list) {
      const record = (await reader.get(`/api/records/${row.id}`)).json() as RecordEntity;
      expect(record.rawtranscription).toMatch(/^\[\d{2}:\d{2}:\d{2}\]/);
      expect(record.files.map((f) => f.position)).toEqual(record.files.map((_, i) => i));
      let seconds = 0;
      for (const file of record.files) {
        expect(file.mime).toBe('audio/mpeg');
        const response = await reader.get(file.url);
        expect(response.statusCode).toBe(200);
        const { format } = await parseBuffer(response.rawPayload, { mimeType: 'audio/mpeg' });
        expect(format.codec).toMatch(/MPEG/);
        seconds += format.duration ?? 0;
      }
      expect(seconds, record.title).toBeGreaterThan(lastTimeCode(record.rawtranscription) + 2);
      expect(seconds, record.title).toBeLessThan(lastTimeCode(record.rawtranscription) + 6);
    }
  });
});
